// Flagsmith's legacy trait endpoints, which older SDKs call (current ones send traits with
// POST /identities/): POST /api/v1/traits/ sets one trait, PUT /api/v1/traits/bulk/ sets many
// (null deletes), POST /api/v1/traits/increment-value/ adds to an integer trait. They need a key
// that may write traits (a server key, or a client key with allow_client_traits) and an
// organisation that persists trait data; both refusals are DRF's generic 403.
import { hasNullCharacter, NULL_CHARACTERS } from "@/lib/api/null-characters";
import { db } from "@/lib/db/client";
import { authenticateSdkKey } from "./auth";
import { detail, json, parseJsonBody, readHeader, type SdkRequest, type SdkResponse } from "./http";
import { parseTraitWrite, parseTraitWrites, type TraitWrite } from "./identities/trait-writes";
import { typeName } from "./identities/parse";
import { tooManyTraits } from "./identities/trait-plan";
import { accessIdentity } from "./identities/store";
import type { SdkSnapshot } from "./snapshot";

const NOT_PERMITTED = "You do not have permission to perform this action.";
const NOT_AN_INTEGER = "Trait value is not an integer.";
const MAX_INCREMENT_ATTEMPTS = 20;

type Authorised = { ok: true; snapshot: SdkSnapshot; body: unknown } | { ok: false; response: SdkResponse };

async function authorise(req: SdkRequest): Promise<Authorised> {
  const auth = await authenticateSdkKey(readHeader(req.headers, "x-environment-key"));
  if (!auth.ok) return { ok: false, response: detail(403, auth.detail, auth.snapshot) };
  const { snapshot } = auth;
  const mayWrite = (auth.isServerKey || snapshot.allowClientTraits) && snapshot.persistTraitData;
  if (!mayWrite) return { ok: false, response: detail(403, NOT_PERMITTED, snapshot) };
  const body = parseJsonBody(req.body, snapshot);
  if (!body.ok) return body;
  return { ok: true, snapshot, body: body.value };
}

const echo = (w: TraitWrite) => ({
  identity: { identifier: w.identifier },
  trait_key: w.trait.key,
  trait_value: w.trait.value,
});

async function applyWrites(snapshot: SdkSnapshot, writes: TraitWrite[]) {
  const byIdentifier = new Map<string, TraitWrite[]>();
  for (const write of writes) {
    const items = byIdentifier.get(write.identifier) ?? [];
    items.push(write);
    byIdentifier.set(write.identifier, items);
  }
  await Promise.all(
    [...byIdentifier].map(([identifier, items]) =>
      accessIdentity({
        environmentId: snapshot.environmentId,
        identifier,
        access: "write",
        traits: items.map((w) => w.trait),
      }),
    ),
  );
}

export async function handleTraitPost(req: SdkRequest): Promise<SdkResponse> {
  const auth = await authorise(req);
  if (!auth.ok) return auth.response;
  const parsed = parseTraitWrite(auth.body, { allowNull: false });
  if (!parsed.ok) return json(400, parsed.errors, auth.snapshot);
  await applyWrites(auth.snapshot, [parsed.value]);
  return json(200, echo(parsed.value), auth.snapshot);
}

export async function handleTraitsBulkPut(req: SdkRequest): Promise<SdkResponse> {
  const auth = await authorise(req);
  if (!auth.ok) return auth.response;
  const parsed = parseTraitWrites(auth.body);
  if (!parsed.ok) return json(400, parsed.errors, auth.snapshot);
  const perIdentity = new Map<string, number>();
  for (const w of parsed.value) perIdentity.set(w.identifier, (perIdentity.get(w.identifier) ?? 0) + 1);
  const countError = tooManyTraits(Math.max(0, ...perIdentity.values()));
  if (countError) return json(400, { non_field_errors: [countError] }, auth.snapshot);
  await applyWrites(auth.snapshot, parsed.value);
  return json(200, parsed.value.map(echo), auth.snapshot);
}

/** Adds `increment_by` to an integer trait (missing counts as 0), retrying on a concurrent write. */
async function incrementTrait(identityId: number, traitKey: string, by: number): Promise<number | null> {
  for (let attempt = 0; ; attempt++) {
    if (attempt === MAX_INCREMENT_ATTEMPTS)
      throw new Error(`trait ${traitKey} kept changing under increment`);
    const current = await db.trait.findUnique({ where: { identityId_traitKey: { identityId, traitKey } } });
    if (current && current.valueType !== "int") return null;
    const next = (current ? Number.parseInt(current.value, 10) : 0) + by;
    if (!current) {
      // A concurrent first increment may create it first (unique violation): read again.
      const created = await db.trait
        .create({ data: { identityId, traitKey, valueType: "int", value: String(next) } })
        .catch((error: { code?: string }) => {
          if (error?.code === "P2002") return null;
          throw error;
        });
      if (created) return next;
      continue;
    }
    const updated = await db.trait.updateMany({
      where: { id: current.id, valueType: "int", value: current.value },
      data: { value: String(next) },
    });
    if (updated.count === 1) return next;
  }
}

export async function handleTraitIncrement(req: SdkRequest): Promise<SdkResponse> {
  const auth = await authorise(req);
  if (!auth.ok) return auth.response;
  const raw = auth.body ?? {};
  if (typeof raw !== "object" || Array.isArray(raw)) {
    const message = `Invalid data. Expected a dictionary, but got ${typeName(raw)}.`;
    return json(400, { non_field_errors: [message] }, auth.snapshot);
  }
  const body = raw as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const field of ["trait_key", "identifier"] as const) {
    const value = body[field];
    if (typeof value !== "string" || !value.trim()) errors[field] = ["This field is required."];
    else if (hasNullCharacter(value)) errors[field] = [NULL_CHARACTERS];
  }
  if (!Number.isSafeInteger(body.increment_by)) errors.increment_by = ["A valid integer is required."];
  if (Object.keys(errors).length) return json(400, errors, auth.snapshot);
  const identifier = (body.identifier as string).trim();
  const traitKey = (body.trait_key as string).trim();
  const identity = await accessIdentity({
    environmentId: auth.snapshot.environmentId,
    identifier,
    access: "create",
  });
  const value = await incrementTrait(identity.identityId!, traitKey, body.increment_by as number);
  if (value === null) return json(400, { non_field_errors: [NOT_AN_INTEGER] }, auth.snapshot);
  return json(200, { trait_key: traitKey, trait_value: value, identifier }, auth.snapshot);
}
