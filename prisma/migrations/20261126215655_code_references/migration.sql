-- CreateTable
CREATE TABLE "VcsRepository" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "vcsProvider" TEXT NOT NULL DEFAULT 'github',
    "lastScannedAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VcsRepository_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ScannedCodeReferences" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "featureId" INTEGER NOT NULL,
    "repositoryId" INTEGER NOT NULL,
    "revision" TEXT NOT NULL,
    "references" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "scannedAt" DATETIME NOT NULL,
    CONSTRAINT "ScannedCodeReferences_featureId_fkey" FOREIGN KEY ("featureId") REFERENCES "Feature" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ScannedCodeReferences_repositoryId_fkey" FOREIGN KEY ("repositoryId") REFERENCES "VcsRepository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "VcsRepository_projectId_url_key" ON "VcsRepository"("projectId", "url");

-- CreateIndex
CREATE INDEX "ScannedCodeReferences_repositoryId_idx" ON "ScannedCodeReferences"("repositoryId");

-- CreateIndex
CREATE UNIQUE INDEX "ScannedCodeReferences_featureId_repositoryId_key" ON "ScannedCodeReferences"("featureId", "repositoryId");
