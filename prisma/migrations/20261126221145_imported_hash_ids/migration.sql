-- AlterTable
ALTER TABLE "FeatureState" ADD COLUMN "importedId" INTEGER;

-- AlterTable
ALTER TABLE "Segment" ADD COLUMN "importedId" INTEGER;
