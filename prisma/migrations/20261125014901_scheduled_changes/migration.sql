-- CreateTable
CREATE TABLE "ScheduledChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "featureStateId" INTEGER NOT NULL,
    "enabled" BOOLEAN,
    "hasValue" BOOLEAN NOT NULL DEFAULT false,
    "valueType" TEXT NOT NULL DEFAULT 'unicode',
    "value" TEXT,
    "runAt" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "authorId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" DATETIME,
    CONSTRAINT "ScheduledChange_featureStateId_fkey" FOREIGN KEY ("featureStateId") REFERENCES "FeatureState" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ScheduledChange_status_runAt_idx" ON "ScheduledChange"("status", "runAt");

-- CreateIndex
CREATE INDEX "ScheduledChange_featureStateId_idx" ON "ScheduledChange"("featureStateId");
