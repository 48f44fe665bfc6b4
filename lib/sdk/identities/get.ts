// GET /api/v1/identities/?identifier=…[&feature=…][&transient=…]: the identity's flags with
// its stored traits. Like Flagsmith, a missing identifier answers 200 with a detail, any
// non-empty `transient` keeps the identity in memory, and otherwise the identity is created.
import { hasNullCharacter, NULL_CHARACTERS } from "@/lib/api/null-characters";
import { authenticateSdkKey } from "../auth";
import { detail, json, readHeader, type SdkRequest, type SdkResponse } from "../http";
import { IDENTIFIER_MAX_LENGTH } from "./parse";
import { fromStored, respondWithIdentity, respondWithIdentityFeature } from "./respond";
import { accessIdentity } from "./store";

export const MISSING_IDENTIFIER = "Missing identifier";

export async function handleIdentitiesGet(req: SdkRequest): Promise<SdkResponse> {
  const auth = await authenticateSdkKey(readHeader(req.headers, "x-environment-key"));
  if (!auth.ok) return detail(403, auth.detail, auth.snapshot);
  const { snapshot, isServerKey } = auth;
  const identifier = req.query.get("identifier");
  if (!identifier) return json(200, { detail: MISSING_IDENTIFIER }, snapshot);
  if (hasNullCharacter(identifier)) return json(400, { identifier: [NULL_CHARACTERS] }, snapshot);
  if (identifier.length > IDENTIFIER_MAX_LENGTH) {
    return json(
      400,
      { identifier: [`Ensure this field has no more than ${IDENTIFIER_MAX_LENGTH} characters.`] },
      snapshot,
    );
  }
  const access = req.query.get("transient") ? "read" : "create";
  const { identityId, traits } = await accessIdentity({
    environmentId: snapshot.environmentId,
    identifier,
    access,
  });
  const input = { snapshot, isServerKey, identifier, identityId, traits: fromStored(traits) };
  const feature = req.query.get("feature");
  return feature ? respondWithIdentityFeature(input, feature) : respondWithIdentity(input);
}
