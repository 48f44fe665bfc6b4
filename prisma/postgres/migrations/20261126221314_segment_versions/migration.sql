-- CreateTable
CREATE TABLE "SegmentVersion" (
    "id" SERIAL NOT NULL,
    "segmentId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "rules" TEXT NOT NULL,
    "authorId" INTEGER,
    "reason" TEXT NOT NULL DEFAULT 'UPDATED',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SegmentVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SegmentVersion_segmentId_version_key" ON "SegmentVersion"("segmentId", "version");

-- AddForeignKey
ALTER TABLE "SegmentVersion" ADD CONSTRAINT "SegmentVersion_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
