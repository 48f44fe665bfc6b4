-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "jsonView" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastLogin" TIMESTAMP(3),

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" SERIAL NOT NULL,
    "keyHash" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Organisation" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "persistTraitData" BOOLEAN NOT NULL DEFAULT true,
    "stopServingFlags" BOOLEAN NOT NULL DEFAULT false,
    "featureAnalytics" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Organisation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrganisationUser" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'USER',

    CONSTRAINT "OrganisationUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "hideDisabledFlags" BOOLEAN NOT NULL DEFAULT false,
    "enableRealtimeUpdates" BOOLEAN NOT NULL DEFAULT false,
    "preventFlagDefaults" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Environment" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "apiKey" TEXT NOT NULL,
    "projectId" INTEGER NOT NULL,
    "description" TEXT,
    "bannerText" TEXT,
    "bannerColour" TEXT,
    "minimumChangeRequestApprovals" INTEGER,
    "allowClientTraits" BOOLEAN NOT NULL DEFAULT true,
    "hideDisabledFlags" BOOLEAN,
    "hideSensitiveData" BOOLEAN NOT NULL DEFAULT false,
    "useIdentityCompositeKeyForHashing" BOOLEAN NOT NULL DEFAULT true,
    "useIdentityOverridesInLocalEval" BOOLEAN NOT NULL DEFAULT true,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "documentUpdatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Environment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EnvironmentApiKey" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "environmentId" INTEGER NOT NULL,

    CONSTRAINT "EnvironmentApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Feature" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameLower" TEXT NOT NULL,
    "projectId" INTEGER NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'STANDARD',
    "defaultEnabled" BOOLEAN NOT NULL DEFAULT false,
    "initialValue" TEXT,
    "description" TEXT,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "isServerKeyOnly" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Feature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MultivariateFeatureOption" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "featureId" INTEGER NOT NULL,
    "valueType" TEXT NOT NULL DEFAULT 'unicode',
    "value" TEXT,
    "defaultPercentageAllocation" DOUBLE PRECISION NOT NULL DEFAULT 100,
    "key" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MultivariateFeatureOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeatureState" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "featureId" INTEGER NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "featureSegmentId" INTEGER,
    "identityId" INTEGER,
    "scope" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "valueType" TEXT NOT NULL DEFAULT 'unicode',
    "value" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FeatureState_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MultivariateFeatureStateValue" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "featureStateId" INTEGER NOT NULL,
    "optionId" INTEGER NOT NULL,
    "percentageAllocation" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "MultivariateFeatureStateValue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Segment" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "projectId" INTEGER NOT NULL,
    "featureId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Segment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SegmentRule" (
    "id" SERIAL NOT NULL,
    "segmentId" INTEGER,
    "parentRuleId" INTEGER,
    "type" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SegmentRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SegmentCondition" (
    "id" SERIAL NOT NULL,
    "ruleId" INTEGER NOT NULL,
    "property" TEXT,
    "operator" TEXT NOT NULL,
    "value" TEXT,
    "description" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SegmentCondition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeatureSegment" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "featureId" INTEGER NOT NULL,
    "segmentId" INTEGER NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FeatureSegment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Identity" (
    "id" SERIAL NOT NULL,
    "uuid" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "dashboardAlias" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Identity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Trait" (
    "id" SERIAL NOT NULL,
    "identityId" INTEGER NOT NULL,
    "traitKey" TEXT NOT NULL,
    "valueType" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Trait_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeatureEvaluation" (
    "id" SERIAL NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "featureName" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FeatureEvaluation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_uuid_key" ON "User"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_keyHash_key" ON "ApiToken"("keyHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Organisation_uuid_key" ON "Organisation"("uuid");

-- CreateIndex
CREATE INDEX "OrganisationUser_userId_idx" ON "OrganisationUser"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "OrganisationUser_organisationId_userId_key" ON "OrganisationUser"("organisationId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Project_uuid_key" ON "Project"("uuid");

-- CreateIndex
CREATE INDEX "Project_organisationId_idx" ON "Project"("organisationId");

-- CreateIndex
CREATE UNIQUE INDEX "Environment_uuid_key" ON "Environment"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "Environment_apiKey_key" ON "Environment"("apiKey");

-- CreateIndex
CREATE UNIQUE INDEX "Environment_projectId_name_key" ON "Environment"("projectId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "EnvironmentApiKey_key_key" ON "EnvironmentApiKey"("key");

-- CreateIndex
CREATE INDEX "EnvironmentApiKey_environmentId_idx" ON "EnvironmentApiKey"("environmentId");

-- CreateIndex
CREATE UNIQUE INDEX "Feature_uuid_key" ON "Feature"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "Feature_projectId_nameLower_key" ON "Feature"("projectId", "nameLower");

-- CreateIndex
CREATE UNIQUE INDEX "MultivariateFeatureOption_uuid_key" ON "MultivariateFeatureOption"("uuid");

-- CreateIndex
CREATE INDEX "MultivariateFeatureOption_featureId_idx" ON "MultivariateFeatureOption"("featureId");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureState_uuid_key" ON "FeatureState"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureState_featureSegmentId_key" ON "FeatureState"("featureSegmentId");

-- CreateIndex
CREATE INDEX "FeatureState_environmentId_idx" ON "FeatureState"("environmentId");

-- CreateIndex
CREATE INDEX "FeatureState_identityId_idx" ON "FeatureState"("identityId");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureState_featureId_environmentId_scope_key" ON "FeatureState"("featureId", "environmentId", "scope");

-- CreateIndex
CREATE UNIQUE INDEX "MultivariateFeatureStateValue_uuid_key" ON "MultivariateFeatureStateValue"("uuid");

-- CreateIndex
CREATE INDEX "MultivariateFeatureStateValue_optionId_idx" ON "MultivariateFeatureStateValue"("optionId");

-- CreateIndex
CREATE UNIQUE INDEX "MultivariateFeatureStateValue_featureStateId_optionId_key" ON "MultivariateFeatureStateValue"("featureStateId", "optionId");

-- CreateIndex
CREATE UNIQUE INDEX "Segment_uuid_key" ON "Segment"("uuid");

-- CreateIndex
CREATE INDEX "Segment_projectId_idx" ON "Segment"("projectId");

-- CreateIndex
CREATE INDEX "SegmentRule_segmentId_idx" ON "SegmentRule"("segmentId");

-- CreateIndex
CREATE INDEX "SegmentRule_parentRuleId_idx" ON "SegmentRule"("parentRuleId");

-- CreateIndex
CREATE INDEX "SegmentCondition_ruleId_idx" ON "SegmentCondition"("ruleId");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureSegment_uuid_key" ON "FeatureSegment"("uuid");

-- CreateIndex
CREATE INDEX "FeatureSegment_environmentId_idx" ON "FeatureSegment"("environmentId");

-- CreateIndex
CREATE INDEX "FeatureSegment_segmentId_idx" ON "FeatureSegment"("segmentId");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureSegment_featureId_segmentId_environmentId_key" ON "FeatureSegment"("featureId", "segmentId", "environmentId");

-- CreateIndex
CREATE UNIQUE INDEX "Identity_uuid_key" ON "Identity"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "Identity_environmentId_identifier_key" ON "Identity"("environmentId", "identifier");

-- CreateIndex
CREATE UNIQUE INDEX "Trait_identityId_traitKey_key" ON "Trait"("identityId", "traitKey");

-- CreateIndex
CREATE UNIQUE INDEX "FeatureEvaluation_environmentId_featureName_day_key" ON "FeatureEvaluation"("environmentId", "featureName", "day");

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrganisationUser" ADD CONSTRAINT "OrganisationUser_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrganisationUser" ADD CONSTRAINT "OrganisationUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Environment" ADD CONSTRAINT "Environment_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EnvironmentApiKey" ADD CONSTRAINT "EnvironmentApiKey_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feature" ADD CONSTRAINT "Feature_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MultivariateFeatureOption" ADD CONSTRAINT "MultivariateFeatureOption_featureId_fkey" FOREIGN KEY ("featureId") REFERENCES "Feature"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureState" ADD CONSTRAINT "FeatureState_featureId_fkey" FOREIGN KEY ("featureId") REFERENCES "Feature"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureState" ADD CONSTRAINT "FeatureState_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureState" ADD CONSTRAINT "FeatureState_featureSegmentId_fkey" FOREIGN KEY ("featureSegmentId") REFERENCES "FeatureSegment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureState" ADD CONSTRAINT "FeatureState_identityId_fkey" FOREIGN KEY ("identityId") REFERENCES "Identity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MultivariateFeatureStateValue" ADD CONSTRAINT "MultivariateFeatureStateValue_featureStateId_fkey" FOREIGN KEY ("featureStateId") REFERENCES "FeatureState"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MultivariateFeatureStateValue" ADD CONSTRAINT "MultivariateFeatureStateValue_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "MultivariateFeatureOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Segment" ADD CONSTRAINT "Segment_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Segment" ADD CONSTRAINT "Segment_featureId_fkey" FOREIGN KEY ("featureId") REFERENCES "Feature"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SegmentRule" ADD CONSTRAINT "SegmentRule_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SegmentRule" ADD CONSTRAINT "SegmentRule_parentRuleId_fkey" FOREIGN KEY ("parentRuleId") REFERENCES "SegmentRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SegmentCondition" ADD CONSTRAINT "SegmentCondition_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "SegmentRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureSegment" ADD CONSTRAINT "FeatureSegment_featureId_fkey" FOREIGN KEY ("featureId") REFERENCES "Feature"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureSegment" ADD CONSTRAINT "FeatureSegment_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureSegment" ADD CONSTRAINT "FeatureSegment_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Identity" ADD CONSTRAINT "Identity_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trait" ADD CONSTRAINT "Trait_identityId_fkey" FOREIGN KEY ("identityId") REFERENCES "Identity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureEvaluation" ADD CONSTRAINT "FeatureEvaluation_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
