// GET /environments/{key}/document/: the environment document the SDKs' `/environment-document/`
// serves (from the same compiled snapshot), read with an account's credentials instead of a
// server-side key, as Flagsmith's admin action answers it.
import { NotFoundError } from "@/lib/api/errors";
import { requireEnvironment } from "@/lib/organisations/access";
import { getSnapshot } from "@/lib/sdk/cache";

export async function getEnvironmentDocument(userId: number, apiKey: string) {
  const environment = await requireEnvironment(userId, apiKey);
  const snapshot = await getSnapshot(environment.id);
  if (!snapshot) throw new NotFoundError();
  return snapshot.document;
}
