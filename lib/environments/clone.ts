// An environment cloned from another (Flagsmith's `POST /environments/{key}/clone/`): a new
// environment of the same project with the source's settings and flags (environment defaults,
// segment overrides with their priorities, multivariate weights), never its identities or
// identity overrides, with new keys. The caller administers the clone. Reusable inside a
// caller's transaction (promotions clone too).
import { db, type Tx } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record";
import { copyEnvironmentStates } from "@/lib/feature-states/write";
import { generateEnvironmentKey, generateUuid } from "@/lib/keys";
import { assertQuota } from "@/lib/limits/quotas";
import { requireEnvironment } from "@/lib/organisations/access";
import { assertEnvironmentNameFree } from "./environments";
import { serializeEnvironment, type EnvironmentRow } from "@/lib/wire/environment";

type CloneInput = { userId: number; source: EnvironmentRow; name: string };

/** Clones inside the caller's transaction; answers the new environment's row. */
export async function cloneEnvironmentIn(tx: Tx, input: CloneInput) {
  const { source } = input;
  await assertQuota(tx, "environments", source.projectId);
  await assertEnvironmentNameFree(tx, source.projectId, input.name);
  const clone = await tx.environment.create({
    data: {
      name: input.name,
      uuid: generateUuid(),
      apiKey: generateEnvironmentKey(),
      projectId: source.projectId,
      description: source.description,
      bannerText: source.bannerText,
      bannerColour: source.bannerColour,
      minimumChangeRequestApprovals: source.minimumChangeRequestApprovals,
      allowClientTraits: source.allowClientTraits,
      hideDisabledFlags: source.hideDisabledFlags,
      hideSensitiveData: source.hideSensitiveData,
      useIdentityCompositeKeyForHashing: source.useIdentityCompositeKeyForHashing,
      useIdentityOverridesInLocalEval: source.useIdentityOverridesInLocalEval,
      isProtected: source.isProtected,
    },
  });
  await copyEnvironmentStates(tx, source.id, clone.id);
  await tx.userEnvironmentPermission.create({
    data: { userId: input.userId, environmentId: clone.id, admin: true },
  });
  await recordAudit(tx, {
    type: "ENVIRONMENT",
    before: null,
    after: clone,
    log: `New Environment created: ${clone.name} (cloned from ${source.name})`,
    object: clone,
    scope: { environmentId: clone.id, projectId: clone.projectId },
  });
  return clone;
}

/** POST /environments/{key}/clone/: one transaction. */
export async function cloneEnvironment(userId: number, apiKey: string, name: string) {
  const source = await requireEnvironment(userId, apiKey);
  const clone = await db.$transaction((tx) => cloneEnvironmentIn(tx, { userId, source, name }));
  return serializeEnvironment(clone);
}
