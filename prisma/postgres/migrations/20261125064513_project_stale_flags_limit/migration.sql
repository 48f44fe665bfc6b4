-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "staleFlagsLimitDays" INTEGER NOT NULL DEFAULT 30;
