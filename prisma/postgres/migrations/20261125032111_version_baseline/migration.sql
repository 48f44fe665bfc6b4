-- CreateTable
CREATE TABLE "FeatureVersionBaseline" (
    "featureId" INTEGER NOT NULL,
    "environmentId" INTEGER NOT NULL,

    CONSTRAINT "FeatureVersionBaseline_pkey" PRIMARY KEY ("featureId","environmentId")
);
