-- AlterTable
ALTER TABLE "Environment" ADD COLUMN     "isProtected" BOOLEAN NOT NULL DEFAULT false;
