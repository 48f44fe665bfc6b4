-- CreateTable
CREATE TABLE "VcsRepository" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "vcsProvider" TEXT NOT NULL DEFAULT 'github',
    "lastScannedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VcsRepository_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScannedCodeReferences" (
    "id" SERIAL NOT NULL,
    "featureId" INTEGER NOT NULL,
    "repositoryId" INTEGER NOT NULL,
    "revision" TEXT NOT NULL,
    "references" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "scannedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ScannedCodeReferences_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "VcsRepository_projectId_url_key" ON "VcsRepository"("projectId", "url");

-- CreateIndex
CREATE INDEX "ScannedCodeReferences_repositoryId_idx" ON "ScannedCodeReferences"("repositoryId");

-- CreateIndex
CREATE UNIQUE INDEX "ScannedCodeReferences_featureId_repositoryId_key" ON "ScannedCodeReferences"("featureId", "repositoryId");

-- AddForeignKey
ALTER TABLE "VcsRepository" ADD CONSTRAINT "VcsRepository_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScannedCodeReferences" ADD CONSTRAINT "ScannedCodeReferences_featureId_fkey" FOREIGN KEY ("featureId") REFERENCES "Feature"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScannedCodeReferences" ADD CONSTRAINT "ScannedCodeReferences_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "VcsRepository"("id") ON DELETE CASCADE ON UPDATE CASCADE;
