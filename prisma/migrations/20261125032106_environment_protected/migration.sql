-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Environment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "uuid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "apiKey" TEXT NOT NULL,
    "projectId" INTEGER NOT NULL,
    "description" TEXT,
    "bannerText" TEXT,
    "bannerColour" TEXT,
    "minimumChangeRequestApprovals" INTEGER,
    "allowClientTraits" BOOLEAN NOT NULL DEFAULT true,
    "hideDisabledFlags" BOOLEAN,
    "hideSensitiveData" BOOLEAN NOT NULL DEFAULT false,
    "useIdentityCompositeKeyForHashing" BOOLEAN NOT NULL DEFAULT true,
    "useIdentityOverridesInLocalEval" BOOLEAN NOT NULL DEFAULT true,
    "isProtected" BOOLEAN NOT NULL DEFAULT false,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "documentUpdatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Environment_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Environment" ("allowClientTraits", "apiKey", "bannerColour", "bannerText", "createdAt", "description", "documentUpdatedAt", "hideDisabledFlags", "hideSensitiveData", "id", "minimumChangeRequestApprovals", "name", "projectId", "revision", "useIdentityCompositeKeyForHashing", "useIdentityOverridesInLocalEval", "uuid") SELECT "allowClientTraits", "apiKey", "bannerColour", "bannerText", "createdAt", "description", "documentUpdatedAt", "hideDisabledFlags", "hideSensitiveData", "id", "minimumChangeRequestApprovals", "name", "projectId", "revision", "useIdentityCompositeKeyForHashing", "useIdentityOverridesInLocalEval", "uuid" FROM "Environment";
DROP TABLE "Environment";
ALTER TABLE "new_Environment" RENAME TO "Environment";
CREATE UNIQUE INDEX "Environment_uuid_key" ON "Environment"("uuid");
CREATE UNIQUE INDEX "Environment_apiKey_key" ON "Environment"("apiKey");
CREATE UNIQUE INDEX "Environment_projectId_name_key" ON "Environment"("projectId", "name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
