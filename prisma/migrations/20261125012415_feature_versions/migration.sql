-- CreateTable
CREATE TABLE "FeatureVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "uuid" TEXT NOT NULL,
    "featureId" INTEGER NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "authorId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "snapshot" TEXT NOT NULL,
    "previousVersionUuid" TEXT,
    "restoredFromUuid" TEXT,
    CONSTRAINT "FeatureVersion_featureId_fkey" FOREIGN KEY ("featureId") REFERENCES "Feature" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FeatureVersion_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "FeatureVersion_uuid_key" ON "FeatureVersion"("uuid");

-- CreateIndex
CREATE INDEX "FeatureVersion_featureId_environmentId_id_idx" ON "FeatureVersion"("featureId", "environmentId", "id");
