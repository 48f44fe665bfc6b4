-- CreateTable
CREATE TABLE "FeatureVersionBaseline" (
    "featureId" INTEGER NOT NULL,
    "environmentId" INTEGER NOT NULL,

    PRIMARY KEY ("featureId", "environmentId")
);
