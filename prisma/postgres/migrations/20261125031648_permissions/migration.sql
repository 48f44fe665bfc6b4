-- CreateTable
CREATE TABLE "UserOrganisationPermission" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "permissions" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "UserOrganisationPermission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserProjectPermission" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "admin" BOOLEAN NOT NULL DEFAULT false,
    "permissions" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "UserProjectPermission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserEnvironmentPermission" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "admin" BOOLEAN NOT NULL DEFAULT false,
    "permissions" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "UserEnvironmentPermission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserPermissionGroup" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "externalId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserPermissionGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserPermissionGroupMember" (
    "id" SERIAL NOT NULL,
    "groupId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "isGroupAdmin" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "UserPermissionGroupMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroupOrganisationPermission" (
    "id" SERIAL NOT NULL,
    "groupId" INTEGER NOT NULL,
    "permissions" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "GroupOrganisationPermission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroupProjectPermission" (
    "id" SERIAL NOT NULL,
    "groupId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "admin" BOOLEAN NOT NULL DEFAULT false,
    "permissions" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "GroupProjectPermission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroupEnvironmentPermission" (
    "id" SERIAL NOT NULL,
    "groupId" INTEGER NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "admin" BOOLEAN NOT NULL DEFAULT false,
    "permissions" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "GroupEnvironmentPermission_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UserOrganisationPermission_organisationId_idx" ON "UserOrganisationPermission"("organisationId");

-- CreateIndex
CREATE UNIQUE INDEX "UserOrganisationPermission_userId_organisationId_key" ON "UserOrganisationPermission"("userId", "organisationId");

-- CreateIndex
CREATE INDEX "UserProjectPermission_projectId_idx" ON "UserProjectPermission"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "UserProjectPermission_userId_projectId_key" ON "UserProjectPermission"("userId", "projectId");

-- CreateIndex
CREATE INDEX "UserEnvironmentPermission_environmentId_idx" ON "UserEnvironmentPermission"("environmentId");

-- CreateIndex
CREATE UNIQUE INDEX "UserEnvironmentPermission_userId_environmentId_key" ON "UserEnvironmentPermission"("userId", "environmentId");

-- CreateIndex
CREATE UNIQUE INDEX "UserPermissionGroup_organisationId_name_key" ON "UserPermissionGroup"("organisationId", "name");

-- CreateIndex
CREATE INDEX "UserPermissionGroupMember_userId_idx" ON "UserPermissionGroupMember"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "UserPermissionGroupMember_groupId_userId_key" ON "UserPermissionGroupMember"("groupId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "GroupOrganisationPermission_groupId_key" ON "GroupOrganisationPermission"("groupId");

-- CreateIndex
CREATE INDEX "GroupProjectPermission_projectId_idx" ON "GroupProjectPermission"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "GroupProjectPermission_groupId_projectId_key" ON "GroupProjectPermission"("groupId", "projectId");

-- CreateIndex
CREATE INDEX "GroupEnvironmentPermission_environmentId_idx" ON "GroupEnvironmentPermission"("environmentId");

-- CreateIndex
CREATE UNIQUE INDEX "GroupEnvironmentPermission_groupId_environmentId_key" ON "GroupEnvironmentPermission"("groupId", "environmentId");

-- AddForeignKey
ALTER TABLE "UserOrganisationPermission" ADD CONSTRAINT "UserOrganisationPermission_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserOrganisationPermission" ADD CONSTRAINT "UserOrganisationPermission_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserProjectPermission" ADD CONSTRAINT "UserProjectPermission_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserProjectPermission" ADD CONSTRAINT "UserProjectPermission_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserEnvironmentPermission" ADD CONSTRAINT "UserEnvironmentPermission_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserEnvironmentPermission" ADD CONSTRAINT "UserEnvironmentPermission_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserPermissionGroup" ADD CONSTRAINT "UserPermissionGroup_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserPermissionGroupMember" ADD CONSTRAINT "UserPermissionGroupMember_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "UserPermissionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserPermissionGroupMember" ADD CONSTRAINT "UserPermissionGroupMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupOrganisationPermission" ADD CONSTRAINT "GroupOrganisationPermission_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "UserPermissionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupProjectPermission" ADD CONSTRAINT "GroupProjectPermission_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "UserPermissionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupProjectPermission" ADD CONSTRAINT "GroupProjectPermission_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupEnvironmentPermission" ADD CONSTRAINT "GroupEnvironmentPermission_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "UserPermissionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupEnvironmentPermission" ADD CONSTRAINT "GroupEnvironmentPermission_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
