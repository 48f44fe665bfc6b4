-- CreateTable
CREATE TABLE "FeatureGroupOwner" (
    "featureId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,

    CONSTRAINT "FeatureGroupOwner_pkey" PRIMARY KEY ("featureId","groupId")
);

-- CreateIndex
CREATE INDEX "FeatureGroupOwner_groupId_idx" ON "FeatureGroupOwner"("groupId");

-- AddForeignKey
ALTER TABLE "FeatureGroupOwner" ADD CONSTRAINT "FeatureGroupOwner_featureId_fkey" FOREIGN KEY ("featureId") REFERENCES "Feature"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeatureGroupOwner" ADD CONSTRAINT "FeatureGroupOwner_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "UserPermissionGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;
