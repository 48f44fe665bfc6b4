-- AlterTable
ALTER TABLE "ScheduledChange" ADD COLUMN "segmentOverrides" TEXT;
