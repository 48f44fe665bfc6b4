-- CreateTable
CREATE TABLE "FeatureExport" (
    "id" SERIAL NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PROCESSING',
    "data" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeatureExport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeatureImport" (
    "id" SERIAL NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "strategy" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PROCESSING',
    "data" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeatureImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FeatureExport_environmentId_idx" ON "FeatureExport"("environmentId");

-- CreateIndex
CREATE INDEX "FeatureImport_environmentId_idx" ON "FeatureImport"("environmentId");

-- AddForeignKey
ALTER TABLE "FeatureExport" ADD CONSTRAINT "FeatureExport_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureImport" ADD CONSTRAINT "FeatureImport_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
