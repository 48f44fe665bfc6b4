-- CreateTable
CREATE TABLE "AuditLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "organisationId" INTEGER,
    "projectId" INTEGER,
    "environmentId" INTEGER,
    "authorId" INTEGER,
    "log" TEXT NOT NULL,
    "relatedObjectType" TEXT NOT NULL,
    "relatedObjectId" INTEGER,
    "relatedObjectUuid" TEXT,
    "changeType" TEXT NOT NULL,
    "changes" TEXT NOT NULL DEFAULT '[]',
    "isSystemEvent" BOOLEAN NOT NULL DEFAULT false
);

-- CreateIndex
CREATE INDEX "AuditLog_organisationId_createdAt_idx" ON "AuditLog"("organisationId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_projectId_createdAt_idx" ON "AuditLog"("projectId", "createdAt");
