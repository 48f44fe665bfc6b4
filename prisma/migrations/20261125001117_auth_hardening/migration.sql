-- CreateTable
CREATE TABLE "DashboardSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "DashboardSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoginAttempt" (
    "key" TEXT NOT NULL,
    "windowStart" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("key", "windowStart")
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_EnvironmentApiKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT,
    "keyHash" TEXT,
    "keyPrefix" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "expiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "environmentId" INTEGER NOT NULL,
    CONSTRAINT "EnvironmentApiKey_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_EnvironmentApiKey" ("active", "createdAt", "environmentId", "expiresAt", "id", "key", "name") SELECT "active", "createdAt", "environmentId", "expiresAt", "id", "key", "name" FROM "EnvironmentApiKey";
DROP TABLE "EnvironmentApiKey";
ALTER TABLE "new_EnvironmentApiKey" RENAME TO "EnvironmentApiKey";
CREATE UNIQUE INDEX "EnvironmentApiKey_key_key" ON "EnvironmentApiKey"("key");
CREATE UNIQUE INDEX "EnvironmentApiKey_keyHash_key" ON "EnvironmentApiKey"("keyHash");
CREATE INDEX "EnvironmentApiKey_environmentId_idx" ON "EnvironmentApiKey"("environmentId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "DashboardSession_userId_idx" ON "DashboardSession"("userId");

-- CreateIndex
CREATE INDEX "LoginAttempt_windowStart_idx" ON "LoginAttempt"("windowStart");
