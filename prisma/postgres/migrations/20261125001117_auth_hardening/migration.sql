/*
  Warnings:

  - A unique constraint covering the columns `[keyHash]` on the table `EnvironmentApiKey` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "EnvironmentApiKey" ADD COLUMN     "keyHash" TEXT,
ADD COLUMN     "keyPrefix" TEXT NOT NULL DEFAULT '',
ALTER COLUMN "key" DROP NOT NULL;

-- CreateTable
CREATE TABLE "DashboardSession" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DashboardSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginAttempt" (
    "key" TEXT NOT NULL,
    "windowStart" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "LoginAttempt_pkey" PRIMARY KEY ("key","windowStart")
);

-- CreateIndex
CREATE INDEX "DashboardSession_userId_idx" ON "DashboardSession"("userId");

-- CreateIndex
CREATE INDEX "LoginAttempt_windowStart_idx" ON "LoginAttempt"("windowStart");

-- CreateIndex
CREATE UNIQUE INDEX "EnvironmentApiKey_keyHash_key" ON "EnvironmentApiKey"("keyHash");

-- AddForeignKey
ALTER TABLE "DashboardSession" ADD CONSTRAINT "DashboardSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
