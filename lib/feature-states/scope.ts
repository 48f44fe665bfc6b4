// The key that makes a feature state unique per feature and environment: which override it is,
// if any. Apart from the writes so that readers can import it without the audit machinery.
export const ENVIRONMENT_SCOPE = "env";

type Owner = { featureSegmentId?: number | null; identityId?: number | null };

export function stateScope(owner: Owner): string {
  if (owner.featureSegmentId) return `seg:${owner.featureSegmentId}`;
  if (owner.identityId) return `id:${owner.identityId}`;
  return ENVIRONMENT_SCOPE;
}
