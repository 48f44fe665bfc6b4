// The `permission` option of withApi (lib/route/handler.ts): which key the caller needs on
// which object, checked by the wrapper before the domain function runs (README "Members,
// roles and permissions").
import { NotFoundError, PermissionDeniedError } from "@/lib/api/errors";
import type { EnvironmentPermissionKey, OrganisationPermissionKey, ProjectPermissionKey } from "./keys";
import { allows, loadGrants, type Target } from "./resolve";
import { environmentTarget, organisationTarget, projectTarget, type KeyedScope } from "./scope";

type Id<T> = T | Promise<T>;

/**
 * What `of` answers when the key depends on the object it names (a segment override's state
 * asks MANAGE_SEGMENT_OVERRIDES, the environment default's UPDATE_FEATURE_STATE): the scope
 * the object lives in and the key it asks, read together from the object.
 */

/**
 * `of` names the object from the parsed request. An object the caller cannot see answers
 * 404 (paths); `hidden: 403` makes it 403 instead, for ids named in a body or query string
 * as Flagsmith's permission classes answer them. `of` may answer `null` when the request
 * names no object yet (a required query parameter left out): the domain function then
 * answers (400), and checks nothing itself, so it must not act on any object.
 *
 * A key may depend on the object: then the rule lists every key it may ask
 * (`environment: [A, B]`), and `of` answers the scope with the key this object asks
 * (KeyedScope), e.g. `featureStateScope` in ./scope.ts. A key outside the list is a bug (500).
 */
export type PermissionRule<C = never> = (
  | { organisation: OrganisationPermissionKey | "ADMIN"; of: (ctx: C) => Id<number | null> }
  | { project: ProjectPermissionKey | "ADMIN"; of: (ctx: C) => Id<number | null> }
  | { environment: EnvironmentPermissionKey | "ADMIN"; of: (ctx: C) => Id<string | number | null> }
  | {
      environment: readonly EnvironmentPermissionKey[];
      of: (ctx: C) => Id<KeyedScope<string | number, EnvironmentPermissionKey> | null>;
    }
  | { member: true }
) & {
  hidden?: 403;
  /** The 404's detail when the object is not visible (default "Not found."). */
  notFound?: string;
  /**
   * A member without the key passes when this answers true: a right that comes from the
   * object itself rather than a grant (a group's admin over the group: ./group-admin.ts; a
   * member asking about themselves: `askingAboutThemselves` in ./detailed.ts).
   */
  orIf?: (ctx: C) => Promise<boolean>;
  /**
   * A second rule the caller must pass as well, checked once this one has passed: a request
   * that reaches into a narrower object than its path (the features list's `?environment=`
   * shows that environment's states, so it asks VIEW_ENVIRONMENT there besides VIEW_PROJECT).
   */
  and?: PermissionRule<C>;
};

export type RuleContext = { user: { id: number } };

/**
 * Throws 404/403 unless the caller holds the rule's key. With `tentative` (the body did not
 * validate, and `of` saw it raw) an id from the body or query (`hidden: 403`) that names
 * nothing answers `false` instead, so that the caller reports the body's errors; otherwise
 * resolves `true` when allowed.
 */
export async function enforcePermission<C extends RuleContext>(
  rule: PermissionRule<C>,
  ctx: C,
  tentative = false,
): Promise<boolean> {
  if (!(await enforceOne(rule, ctx, tentative))) return false;
  return rule.and ? enforcePermission(rule.and, ctx, tentative) : true;
}

async function enforceOne<C extends RuleContext>(
  rule: PermissionRule<C>,
  ctx: C,
  tentative: boolean,
): Promise<boolean> {
  if ("member" in rule) return true;
  const userId = ctx.user.id;
  const invisible = () =>
    rule.hidden === 403 ? new PermissionDeniedError() : new NotFoundError(rule.notFound);
  let target;
  let key: string;
  try {
    ({ target, key } = await resolveRule(rule, ctx));
  } catch (error) {
    if (tentative) return false;
    throw error;
  }
  if (target === undefined) return true;
  // An id from a body that did not validate may be the body's mistake: report the body.
  // A path names its object whatever the body holds (unknown → 404 all the same).
  if (!target && tentative && rule.hidden === 403) return false;
  if (!target) throw invisible();
  const grants = await loadGrants(userId, target);
  // Outside the organisation the object does not exist for the caller.
  if (grants.role === null) throw invisible();
  if (!allows(target.kind, grants, key) && !(await rule.orIf?.(ctx))) throw new PermissionDeniedError();
  return true;
}

async function resolveRule<C>(
  rule: Exclude<PermissionRule<C>, { member: true }>,
  ctx: C,
): Promise<{ target: Target | null | undefined; key: string }> {
  // undefined: the request names no object (`of` answered null).
  if ("organisation" in rule) {
    const id = await rule.of(ctx);
    return { target: id === null ? undefined : await organisationTarget(id), key: rule.organisation };
  }
  if ("project" in rule) {
    const id = await rule.of(ctx);
    return { target: id === null ? undefined : await projectTarget(id), key: rule.project };
  }
  if (typeof rule.environment !== "string") {
    const keys = rule.environment;
    const keyed = await (rule.of as (ctx: C) => Id<KeyedScope<string | number, string> | null>)(ctx);
    if (keyed === null) return { target: undefined, key: "" };
    if (!keys.includes(keyed.key as EnvironmentPermissionKey))
      throw new Error(`permission rule asked ${keyed.key}, not one of ${keys.join(", ")}`);
    return { target: await environmentTarget(keyed.scope), key: keyed.key };
  }
  const ref = await (rule.of as (ctx: C) => Id<string | number | null>)(ctx);
  return { target: ref === null ? undefined : await environmentTarget(ref), key: rule.environment };
}
