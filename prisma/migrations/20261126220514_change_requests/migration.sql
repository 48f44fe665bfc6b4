-- AlterTable
ALTER TABLE "Project" ADD COLUMN "minimumChangeRequestApprovals" INTEGER;

-- AlterTable
ALTER TABLE "ScheduledChange" ADD COLUMN "changeRequestId" INTEGER;

-- CreateTable
CREATE TABLE "ChangeRequest" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "uuid" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "projectId" INTEGER NOT NULL,
    "environmentId" INTEGER,
    "authorId" INTEGER,
    "featureStates" TEXT NOT NULL DEFAULT '[]',
    "segments" TEXT NOT NULL DEFAULT '[]',
    "liveFrom" DATETIME,
    "ignoreConflicts" BOOLEAN NOT NULL DEFAULT false,
    "proposedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "committedAt" DATETIME,
    "committedById" INTEGER,
    "rejectedAt" DATETIME,
    "rejectedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ChangeRequest_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ChangeRequest_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChangeRequestApproval" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "changeRequestId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "assigned" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "approvedAt" DATETIME,
    CONSTRAINT "ChangeRequestApproval_changeRequestId_fkey" FOREIGN KEY ("changeRequestId") REFERENCES "ChangeRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChangeRequestGroupAssignment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "changeRequestId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,
    CONSTRAINT "ChangeRequestGroupAssignment_changeRequestId_fkey" FOREIGN KEY ("changeRequestId") REFERENCES "ChangeRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ChangeRequestGroupAssignment_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "UserPermissionGroup" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChangeRequestComment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "changeRequestId" INTEGER NOT NULL,
    "authorId" INTEGER,
    "text" TEXT NOT NULL,
    "isRejection" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ChangeRequestComment_changeRequestId_fkey" FOREIGN KEY ("changeRequestId") REFERENCES "ChangeRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ChangeRequest_uuid_key" ON "ChangeRequest"("uuid");

-- CreateIndex
CREATE INDEX "ChangeRequest_environmentId_id_idx" ON "ChangeRequest"("environmentId", "id");

-- CreateIndex
CREATE INDEX "ChangeRequest_projectId_id_idx" ON "ChangeRequest"("projectId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ChangeRequestApproval_changeRequestId_userId_key" ON "ChangeRequestApproval"("changeRequestId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ChangeRequestGroupAssignment_changeRequestId_groupId_key" ON "ChangeRequestGroupAssignment"("changeRequestId", "groupId");

-- CreateIndex
CREATE INDEX "ChangeRequestComment_changeRequestId_id_idx" ON "ChangeRequestComment"("changeRequestId", "id");
