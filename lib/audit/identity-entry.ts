// Audit entries for identities and their traits written through the admin API. (Traits an
// SDK sends are not audited: they are the application's data, not a change someone made.)
import type { Tx } from "@/lib/db/client";
import { readValue } from "@/lib/values";
import { recordAudit } from "./record";

type IdentityRow = {
  id: number;
  uuid: string;
  identifier: string;
  environmentId: number;
  dashboardAlias: string | null;
};
type TraitRow = { traitKey: string; valueType: string; value: string };

export async function recordIdentityChange(
  tx: Tx,
  before: IdentityRow | null,
  after: IdentityRow | null,
): Promise<void> {
  const identity = (after ?? before) as IdentityRow;
  const action = !before ? "created" : !after ? "deleted" : "updated";
  const fields = (row: IdentityRow | null) =>
    row && { identifier: row.identifier, dashboardAlias: row.dashboardAlias };
  await recordAudit(tx, {
    type: "IDENTITY",
    before: fields(before),
    after: fields(after),
    log: `Identity ${action}: ${identity.identifier}`,
    object: identity,
    scope: { environmentId: identity.environmentId },
  });
}

export async function recordTraitChange(
  tx: Tx,
  identity: IdentityRow,
  before: TraitRow | null,
  after: TraitRow | null,
): Promise<void> {
  const trait = (after ?? before) as TraitRow;
  const action = !before ? "created" : !after ? "deleted" : "updated";
  const fields = (row: TraitRow | null) => row && { traitKey: row.traitKey, traitValue: readValue(row) };
  await recordAudit(tx, {
    type: "IDENTITY",
    before: fields(before),
    after: fields(after),
    log: `Trait '${trait.traitKey}' ${action} for identity '${identity.identifier}'`,
    object: identity,
    scope: { environmentId: identity.environmentId },
  });
}
