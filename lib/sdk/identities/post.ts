// POST /api/v1/identities/: creates the identity if needed, stores its traits (as the
// organisation and the request allow), and answers its flags. Semantics follow Flagsmith's
// SDK identities view: no identifier → a fully transient identity under a generated identifier;
// `transient: true` → nothing written; per-trait `transient` → used, never stored; client keys
// with allow_client_traits off → incoming traits dropped silently.
import { randomUUID } from "node:crypto";
import { timedWork } from "@/lib/diagnostics/stalls";
import { generateTransientIdentifier } from "@/lib/engine";
import { authenticateCachedSdkKey, authenticateSdkKey } from "../auth";
import { detail, json, parseJsonBody, readHeader, type SdkRequest, type SdkResponse } from "../http";
import type { SdkSnapshot } from "../snapshot";
import { parseIdentifyBody, type IncomingTrait } from "./parse";
import { fromStored, overlayTraits, respondWithIdentity } from "./respond";
import { accessIdentity, type StoredTrait } from "./store";
import { tooManyTraits } from "./trait-plan";

const asTransient = (traits: IncomingTrait[]) => traits.map((t) => ({ ...t, transient: true }));

function generatedIdentifier(traits: IncomingTrait[]): string {
  const engineTraits = traits.map((t) => ({
    trait_key: t.key,
    trait_value: t.value,
    value_type: t.valueType ?? undefined,
  }));
  return generateTransientIdentifier(engineTraits) ?? randomUUID().replace(/-/g, "");
}

async function identify(
  snapshot: SdkSnapshot,
  isServerKey: boolean,
  input: { identifier: string; traits: IncomingTrait[]; transient: boolean },
): Promise<SdkResponse> {
  const { identifier, traits } = input;
  const environmentId = snapshot.environmentId;
  // Named for the stall recorder: a group's answers are built one after another in one turn.
  const respond = (identityId: number | null, stored: StoredTrait[], overlay: IncomingTrait[]) =>
    timedWork("identity answer", () =>
      respondWithIdentity({
        snapshot,
        isServerKey,
        identifier,
        identityId,
        traits: overlayTraits(fromStored(stored), overlay),
      }),
    );
  if (input.transient) {
    const found = await accessIdentity({ environmentId, identifier, access: "read" });
    return respond(found.identityId, found.traits, asTransient(traits));
  }
  if (!snapshot.persistTraitData) {
    const identity = await accessIdentity({ environmentId, identifier, access: "create" });
    return respond(identity.identityId, identity.traits, traits);
  }
  const saved = await accessIdentity({ environmentId, identifier, access: "write", traits });
  return respond(saved.identityId, saved.traits, withTransient(traits));
}

/** The call's transient traits (most calls have none: then no new array). */
function withTransient(traits: IncomingTrait[]): IncomingTrait[] {
  return traits.some((t) => t.transient) ? traits.filter((t) => t.transient) : [];
}

export async function handleIdentitiesPost(req: SdkRequest): Promise<SdkResponse> {
  const key = readHeader(req.headers, "x-environment-key");
  const auth = authenticateCachedSdkKey(key) ?? (await authenticateSdkKey(key));
  if (!auth.ok) return detail(403, auth.detail, auth.snapshot);
  const { snapshot, isServerKey } = auth;
  const body = parseJsonBody(req.body, snapshot);
  if (!body.ok) return body.response;
  const parsed = parseIdentifyBody(body.value, req.query.get("identifier"));
  if (!parsed.ok) return json(400, parsed.errors, snapshot);
  const traitCountError = tooManyTraits(parsed.value.traits.length);
  if (traitCountError) return json(400, { traits: [traitCountError] }, snapshot);
  const { identifier, transient } = parsed.value;
  const traits = !isServerKey && !snapshot.allowClientTraits ? [] : parsed.value.traits;
  if (!identifier) {
    const transientTraits = asTransient(traits);
    return respondWithIdentity({
      snapshot,
      isServerKey,
      identifier: generatedIdentifier(transientTraits),
      identityId: null,
      traits: overlayTraits([], transientTraits),
    });
  }
  return identify(snapshot, isServerKey, { identifier, traits, transient });
}
