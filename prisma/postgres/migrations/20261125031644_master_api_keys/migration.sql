-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "masterApiKeyId" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "isApiKey" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "MasterApiKey" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT true,
    "revoked" BOOLEAN NOT NULL DEFAULT false,
    "expiryDate" TIMESTAMP(3),
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MasterApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MasterApiKey_userId_key" ON "MasterApiKey"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "MasterApiKey_prefix_key" ON "MasterApiKey"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "MasterApiKey_keyHash_key" ON "MasterApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "MasterApiKey_organisationId_idx" ON "MasterApiKey"("organisationId");

-- AddForeignKey
ALTER TABLE "MasterApiKey" ADD CONSTRAINT "MasterApiKey_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MasterApiKey" ADD CONSTRAINT "MasterApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
