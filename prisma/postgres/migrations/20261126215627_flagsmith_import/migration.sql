-- CreateTable
CREATE TABLE "ImportRun" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'IMPORT',
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'RUNNING',
    "done" TEXT NOT NULL DEFAULT '[]',
    "stepsDone" INTEGER NOT NULL DEFAULT 0,
    "stepsTotal" INTEGER NOT NULL DEFAULT 0,
    "report" TEXT NOT NULL DEFAULT '{}',
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImportRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportMapping" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "targetId" INTEGER NOT NULL,

    CONSTRAINT "ImportMapping_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ImportRun_organisationId_source_idx" ON "ImportRun"("organisationId", "source");

-- CreateIndex
CREATE UNIQUE INDEX "ImportMapping_organisationId_source_kind_sourceId_key" ON "ImportMapping"("organisationId", "source", "kind", "sourceId");
