-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "minimumChangeRequestApprovals" INTEGER;

-- AlterTable
ALTER TABLE "ScheduledChange" ADD COLUMN     "changeRequestId" INTEGER;

-- CreateTable
CREATE TABLE "ChangeRequest" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "projectId" INTEGER NOT NULL,
    "environmentId" INTEGER,
    "authorId" INTEGER,
    "featureStates" TEXT NOT NULL DEFAULT '[]',
    "segments" TEXT NOT NULL DEFAULT '[]',
    "liveFrom" TIMESTAMP(3),
    "ignoreConflicts" BOOLEAN NOT NULL DEFAULT false,
    "proposedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "committedAt" TIMESTAMP(3),
    "committedById" INTEGER,
    "rejectedAt" TIMESTAMP(3),
    "rejectedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChangeRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangeRequestApproval" (
    "id" SERIAL NOT NULL,
    "changeRequestId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "assigned" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "approvedAt" TIMESTAMP(3),

    CONSTRAINT "ChangeRequestApproval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangeRequestGroupAssignment" (
    "id" SERIAL NOT NULL,
    "changeRequestId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,

    CONSTRAINT "ChangeRequestGroupAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangeRequestComment" (
    "id" SERIAL NOT NULL,
    "changeRequestId" INTEGER NOT NULL,
    "authorId" INTEGER,
    "text" TEXT NOT NULL,
    "isRejection" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChangeRequestComment_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "ChangeRequest" ADD CONSTRAINT "ChangeRequest_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeRequest" ADD CONSTRAINT "ChangeRequest_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeRequestApproval" ADD CONSTRAINT "ChangeRequestApproval_changeRequestId_fkey" FOREIGN KEY ("changeRequestId") REFERENCES "ChangeRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeRequestGroupAssignment" ADD CONSTRAINT "ChangeRequestGroupAssignment_changeRequestId_fkey" FOREIGN KEY ("changeRequestId") REFERENCES "ChangeRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeRequestGroupAssignment" ADD CONSTRAINT "ChangeRequestGroupAssignment_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "UserPermissionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeRequestComment" ADD CONSTRAINT "ChangeRequestComment_changeRequestId_fkey" FOREIGN KEY ("changeRequestId") REFERENCES "ChangeRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
