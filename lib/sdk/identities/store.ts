// The only per-request database work of the identity endpoints: the identity row and its
// stored traits. Creation is race-free: a read for the common case (the identity exists),
// then an atomic upsert on the (environmentId, identifier) unique constraint, which Prisma
// runs as INSERT … ON CONFLICT, so concurrent first calls converge on one row.
import { db, type DbOrTx } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import type { IncomingTrait } from "./parse";
import { planTraitWrites, type StoredTrait } from "./trait-plan";

export type { StoredTrait };

const TRAIT_SELECT = { id: true, traitKey: true, valueType: true, value: true } as const;

export async function findIdentity(environmentId: number, identifier: string) {
  return db.identity.findUnique({
    where: { environmentId_identifier: { environmentId, identifier } },
    select: { id: true },
  });
}

/** The identity, created if it does not exist; `created` tells whether this call made it. */
export async function getOrCreateIdentity(environmentId: number, identifier: string) {
  const existing = await findIdentity(environmentId, identifier);
  if (existing) return { id: existing.id, created: false };
  const uuid = generateUuid();
  // The update sets the identifier to itself: a non-empty update is what lets Prisma use
  // the database's native upsert instead of a find-then-create.
  const identity = await db.identity.upsert({
    where: { environmentId_identifier: { environmentId, identifier } },
    create: { environmentId, identifier, uuid },
    update: { identifier },
    select: { id: true, uuid: true },
  });
  return { id: identity.id, created: identity.uuid === uuid };
}

export async function loadTraits(identityId: number): Promise<StoredTrait[]> {
  return db.trait.findMany({ where: { identityId }, orderBy: { id: "asc" }, select: TRAIT_SELECT });
}

/**
 * Applies the planned trait writes (one transaction when there are several) and returns the
 * stored traits as they now are, without reading them back.
 */
export async function saveTraits(
  identityId: number,
  stored: StoredTrait[],
  incoming: IncomingTrait[],
): Promise<StoredTrait[]> {
  const { deletes, upserts } = planTraitWrites(stored, incoming);
  if (!deletes.length && !upserts.length) return stored;
  const write = async (tx: DbOrTx) => {
    if (deletes.length) await tx.trait.deleteMany({ where: { identityId, traitKey: { in: deletes } } });
    const written: StoredTrait[] = [];
    for (const { traitKey, ...data } of upserts) {
      const row = await tx.trait.upsert({
        where: { identityId_traitKey: { identityId, traitKey } },
        create: { identityId, traitKey, ...data },
        update: data,
        select: TRAIT_SELECT,
      });
      written.push(row);
    }
    return written;
  };
  const single = deletes.length + upserts.length === 1;
  const written = single ? await write(db) : await db.$transaction(write, { maxWait: 10_000 });
  const changed = new Set([...deletes, ...written.map((t) => t.traitKey)]);
  return [...stored.filter((t) => !changed.has(t.traitKey)), ...written].sort((a, b) => a.id - b.id);
}
