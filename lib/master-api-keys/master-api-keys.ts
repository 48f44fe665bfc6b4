// Organisation API keys: organisation admins create, list, change and revoke them; each
// write is audited. A key acts through a hidden account of its own (User.isApiKey), a member
// of the organisation with role ADMIN (admin keys) or USER (scoped keys, which get only the
// permissions granted to that account), so every access rule that applies to people applies
// to keys unchanged. The key itself is returned once, by create; only its hash is stored.
import { NotAuthenticatedError, NotFoundError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { db, type Tx } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import { requireOrganisationAdmin } from "@/lib/organisations/access";
import { generateMasterApiKey, hashMasterApiKey, MASTER_KEY_PATTERN, sameHash } from "./keys";
import type { TMasterApiKeyCreate, TMasterApiKeyUpdate } from "./schemas";
import type { z } from "zod";
import type { ZMasterApiKey } from "@/lib/master-api-keys/responses";

export const INVALID_MASTER_KEY = "Valid Master API Key not found.";

type KeyRow = {
  id: number;
  organisationId: number;
  userId: number;
  prefix: string;
  name: string;
  isAdmin: boolean;
  revoked: boolean;
  expiryDate: Date | null;
  createdById: number | null;
  createdAt: Date;
};

type Owner = { userId: number; organisationId: number };

const hasExpired = (row: Pick<KeyRow, "expiryDate">, now = new Date()) =>
  row.expiryDate !== null && row.expiryDate <= now;

export function serializeMasterApiKey(row: KeyRow, key: string | null = null): z.infer<typeof ZMasterApiKey> {
  return {
    id: row.id,
    prefix: row.prefix,
    created: row.createdAt.toISOString(),
    name: row.name,
    revoked: row.revoked,
    expiry_date: row.expiryDate?.toISOString() ?? null,
    key,
    is_admin: row.isAdmin,
    has_expired: hasExpired(row),
    created_by: row.createdById,
    // Not in Flagsmith's answer: the key's hidden account, to which a scoped key's permissions
    // are granted (user-permissions endpoints, or a group's users).
    user_id: row.userId,
  };
}

const roleOf = (isAdmin: boolean) => (isAdmin ? "ADMIN" : "USER");

async function recordKeyChange(tx: Tx, before: KeyRow | null, after: KeyRow | null) {
  const row = (after ?? before) as KeyRow;
  const fields = (r: KeyRow | null) =>
    r && {
      name: r.name,
      prefix: r.prefix,
      is_admin: r.isAdmin,
      revoked: r.revoked,
      expiry_date: r.expiryDate?.toISOString() ?? null,
    };
  const action = !before ? "created" : !after || (after.revoked && !before.revoked) ? "revoked" : "updated";
  await recordAudit(tx, {
    type: "MASTER_API_KEY",
    before: fields(before),
    after: fields(after),
    log: `Organisation API key ${action}: ${row.name} (${row.prefix})`,
    object: row,
    scope: { organisationId: row.organisationId },
  });
}

/** A live (not revoked) key of the organisation, after checking the caller is its admin. */
async function requireKey(owner: Owner, prefix: string): Promise<KeyRow> {
  await requireOrganisationAdmin(owner.userId, owner.organisationId);
  const row = await db.masterApiKey.findFirst({
    where: { prefix, organisationId: owner.organisationId, revoked: false },
  });
  if (!row) throw new NotFoundError();
  return row;
}

export async function listMasterApiKeys(owner: Owner) {
  await requireOrganisationAdmin(owner.userId, owner.organisationId);
  const rows = await db.masterApiKey.findMany({
    where: { organisationId: owner.organisationId, revoked: false },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => serializeMasterApiKey(row));
}

export async function getMasterApiKey(owner: Owner, prefix: string) {
  return serializeMasterApiKey(await requireKey(owner, prefix));
}

export async function createMasterApiKey(owner: Owner, input: TMasterApiKeyCreate) {
  await requireOrganisationAdmin(owner.userId, owner.organisationId);
  const isAdmin = input.is_admin ?? true;
  return db.$transaction(async (tx) => {
    // A prefix is 8 random letters and digits; a clash is astronomically rare but checked.
    let generated = generateMasterApiKey();
    while (await tx.masterApiKey.findUnique({ where: { prefix: generated.prefix }, select: { id: true } }))
      generated = generateMasterApiKey();
    const uuid = generateUuid();
    const user = await tx.user.create({
      data: {
        uuid,
        email: `api-key-${uuid}@api-keys.ensign.invalid`,
        passwordHash: "",
        firstName: "API key",
        lastName: input.name,
        isApiKey: true,
      },
    });
    await tx.organisationUser.create({
      data: { organisationId: owner.organisationId, userId: user.id, role: roleOf(isAdmin) },
    });
    const row = await tx.masterApiKey.create({
      data: {
        organisationId: owner.organisationId,
        userId: user.id,
        prefix: generated.prefix,
        keyHash: hashMasterApiKey(generated.key),
        name: input.name,
        isAdmin,
        expiryDate: input.expiry_date ? new Date(input.expiry_date) : null,
        createdById: owner.userId,
      },
    });
    await recordKeyChange(tx, null, row);
    return serializeMasterApiKey(row, generated.key);
  });
}

export async function updateMasterApiKey(owner: Owner, prefix: string, input: TMasterApiKeyUpdate) {
  const before = await requireKey(owner, prefix);
  return db.$transaction(async (tx) => {
    const after = await tx.masterApiKey.update({
      where: { id: before.id },
      data: {
        name: input.name,
        isAdmin: input.is_admin,
        revoked: input.revoked === true ? true : undefined,
        expiryDate:
          input.expiry_date === undefined
            ? undefined
            : input.expiry_date
              ? new Date(input.expiry_date)
              : null,
      },
    });
    if (after.isAdmin !== before.isAdmin) {
      await tx.organisationUser.updateMany({
        where: { organisationId: after.organisationId, userId: after.userId },
        data: { role: roleOf(after.isAdmin) },
      });
    }
    if (after.name !== before.name) {
      await tx.user.update({ where: { id: after.userId }, data: { lastName: after.name } });
    }
    await recordKeyChange(tx, before, after);
    return serializeMasterApiKey(after);
  });
}

/** Revokes the key for good (Flagsmith deletes it softly): the row stays for the audit log. */
export async function revokeMasterApiKey(owner: Owner, prefix: string) {
  const before = await requireKey(owner, prefix);
  await db.$transaction(async (tx) => {
    await tx.masterApiKey.update({ where: { id: before.id }, data: { revoked: true } });
    await recordKeyChange(tx, before, null);
  });
}

export type MasterApiKeyCaller = {
  user: { id: number; email: string; uuid: string };
  masterApiKey: { id: number; name: string; prefix: string; organisationId: number; isAdmin: boolean };
};

/**
 * The hidden account behind `Authorization: Api-Key <key>`. A key that is malformed,
 * unknown, revoked or expired answers 401 with Flagsmith's one message.
 */
export async function authenticateMasterApiKey(key: string): Promise<MasterApiKeyCaller> {
  const match = MASTER_KEY_PATTERN.exec(key);
  const row = match
    ? await db.masterApiKey.findUnique({
        where: { prefix: match[1] },
        include: { user: { select: { id: true, email: true, uuid: true } } },
      })
    : null;
  if (!row || row.revoked || hasExpired(row) || !sameHash(row.keyHash, hashMasterApiKey(key)))
    throw new NotAuthenticatedError(INVALID_MASTER_KEY);
  return {
    user: row.user,
    masterApiKey: {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      organisationId: row.organisationId,
      isAdmin: row.isAdmin,
    },
  };
}
