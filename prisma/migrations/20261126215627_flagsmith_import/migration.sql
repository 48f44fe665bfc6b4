-- CreateTable
CREATE TABLE "ImportRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organisationId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'IMPORT',
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'RUNNING',
    "done" TEXT NOT NULL DEFAULT '[]',
    "stepsDone" INTEGER NOT NULL DEFAULT 0,
    "stepsTotal" INTEGER NOT NULL DEFAULT 0,
    "report" TEXT NOT NULL DEFAULT '{}',
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ImportMapping" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organisationId" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "targetId" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "ImportRun_organisationId_source_idx" ON "ImportRun"("organisationId", "source");

-- CreateIndex
CREATE UNIQUE INDEX "ImportMapping_organisationId_source_kind_sourceId_key" ON "ImportMapping"("organisationId", "source", "kind", "sourceId");
