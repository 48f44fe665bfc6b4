-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "featureNameRegex" TEXT;
