-- CreateTable
CREATE TABLE "FeatureGroupOwner" (
    "featureId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,

    PRIMARY KEY ("featureId", "groupId"),
    CONSTRAINT "FeatureGroupOwner_featureId_fkey" FOREIGN KEY ("featureId") REFERENCES "Feature" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FeatureGroupOwner_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "UserPermissionGroup" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "FeatureGroupOwner_groupId_idx" ON "FeatureGroupOwner"("groupId");
