-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Project" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "uuid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "hideDisabledFlags" BOOLEAN NOT NULL DEFAULT false,
    "enableRealtimeUpdates" BOOLEAN NOT NULL DEFAULT false,
    "preventFlagDefaults" BOOLEAN NOT NULL DEFAULT false,
    "staleFlagsLimitDays" INTEGER NOT NULL DEFAULT 30,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Project_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Project" ("createdAt", "enableRealtimeUpdates", "hideDisabledFlags", "id", "name", "organisationId", "preventFlagDefaults", "uuid") SELECT "createdAt", "enableRealtimeUpdates", "hideDisabledFlags", "id", "name", "organisationId", "preventFlagDefaults", "uuid" FROM "Project";
DROP TABLE "Project";
ALTER TABLE "new_Project" RENAME TO "Project";
CREATE UNIQUE INDEX "Project_uuid_key" ON "Project"("uuid");
CREATE INDEX "Project_organisationId_idx" ON "Project"("organisationId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
