// The one way a change is recorded: called by every write function inside the transaction
// that makes the change, so a change and its entry commit or roll back together, and so
// do the organisation webhook deliveries that report it.
import type { Tx } from "@/lib/db/client";
import { currentActor } from "./context";
import { enabledWebhooks, enqueueDeliveries } from "@/lib/webhook-outbox/enqueue";
import { diffFields } from "./diff";
import { loadRelated, serializeAuditLog } from "./serializers";

export type RelatedObjectType =
  | "ORGANISATION"
  | "PROJECT"
  | "ENVIRONMENT"
  | "SERVER_API_KEY"
  | "FEATURE"
  | "FEATURE_STATE"
  | "SEGMENT"
  | "IDENTITY"
  | "WEBHOOK"
  | "TAG"
  | "MASTER_API_KEY"
  | "INVITE"
  | "INVITE_LINK"
  | "USER"
  | "GROUP"
  | "PERMISSION"
  | "VCS_REPOSITORY"
  | "CHANGE_REQUEST";

export type ChangeType = "CREATE" | "UPDATE" | "DELETE";

type Row = Record<string, unknown>;

export type AuditEntry = {
  type: RelatedObjectType;
  /** CREATE when there is no `before`, DELETE when there is no `after`, else UPDATE. */
  before?: Row | null;
  after?: Row | null;
  log: string;
  object: { id: number; uuid?: string | null };
  /** The narrowest scope known; the wider ones are looked up. */
  scope: { environmentId?: number | null; projectId?: number | null; organisationId?: number | null };
  isSystemEvent?: boolean;
};

async function resolveScope(tx: Tx, scope: AuditEntry["scope"]) {
  const environmentId = scope.environmentId ?? null;
  let { projectId = null, organisationId = null } = scope;
  if (environmentId !== null && projectId === null) {
    const env = await tx.environment.findUnique({
      where: { id: environmentId },
      select: { projectId: true },
    });
    projectId = env?.projectId ?? null;
  }
  if (projectId !== null && organisationId === null) {
    const project = await tx.project.findUnique({
      where: { id: projectId },
      select: { organisationId: true },
    });
    organisationId = project?.organisationId ?? null;
  }
  return { environmentId, projectId, organisationId };
}

export function changeTypeOf(entry: Pick<AuditEntry, "before" | "after">): ChangeType {
  if (!entry.before) return "CREATE";
  if (!entry.after) return "DELETE";
  return "UPDATE";
}

export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  const scope = await resolveScope(tx, entry.scope);
  const actor = currentActor();
  const row = await tx.auditLog.create({
    data: {
      ...scope,
      // A change made with an organisation API key has the key as its author, as Flagsmith's.
      authorId: actor?.masterApiKeyId ? null : (actor?.userId ?? null),
      masterApiKeyId: actor?.masterApiKeyId ?? null,
      log: entry.log,
      relatedObjectType: entry.type,
      relatedObjectId: entry.object.id,
      relatedObjectUuid: entry.object.uuid ?? null,
      changeType: changeTypeOf(entry),
      changes: JSON.stringify(diffFields(entry.before ?? null, entry.after ?? null)),
      isSystemEvent: entry.isSystemEvent ?? actor === undefined,
    },
  });
  if (scope.organisationId === null) return;
  const webhooks = await enabledWebhooks(tx, { organisationId: scope.organisationId });
  if (webhooks.length === 0) return;
  const data = serializeAuditLog(row, await loadRelated([row], tx));
  await enqueueDeliveries(tx, webhooks, "AUDIT_LOG_CREATED", data);
}
