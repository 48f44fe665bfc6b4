-- CreateTable
CREATE TABLE "ScheduledChange" (
    "id" SERIAL NOT NULL,
    "featureStateId" INTEGER NOT NULL,
    "enabled" BOOLEAN,
    "hasValue" BOOLEAN NOT NULL DEFAULT false,
    "valueType" TEXT NOT NULL DEFAULT 'unicode',
    "value" TEXT,
    "runAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "authorId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMP(3),

    CONSTRAINT "ScheduledChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ScheduledChange_status_runAt_idx" ON "ScheduledChange"("status", "runAt");

-- CreateIndex
CREATE INDEX "ScheduledChange_featureStateId_idx" ON "ScheduledChange"("featureStateId");

-- AddForeignKey
ALTER TABLE "ScheduledChange" ADD CONSTRAINT "ScheduledChange_featureStateId_fkey" FOREIGN KEY ("featureStateId") REFERENCES "FeatureState"("id") ON DELETE CASCADE ON UPDATE CASCADE;
