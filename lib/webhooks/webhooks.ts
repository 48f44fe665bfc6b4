// Webhooks of an environment (any member who sees the environment) and of an organisation
// (its admins): create, list, read, change, delete, each write audited; and the delivery log
// of one webhook, newest first.
import { NotFoundError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { db, type Tx } from "@/lib/db/client";
import { requireEnvironment, requireOrganisationAdmin } from "@/lib/organisations/access";
import { redactWebhookUrl } from "./redact-url";
import type { TWebhookCreate, TWebhookUpdate } from "./schemas";
import type { z } from "zod";
import type { ZWebhook } from "@/lib/webhooks/responses";

export type WebhookOwner = { userId: number; apiKey: string } | { userId: number; organisationId: number };

type WebhookRow = {
  id: number;
  url: string;
  enabled: boolean;
  secret: string;
  createdAt: Date;
  updatedAt: Date;
  organisationId: number | null;
  environmentId: number | null;
};

export function serializeWebhook(row: WebhookRow): z.infer<typeof ZWebhook> {
  return {
    id: row.id,
    url: row.url,
    enabled: row.enabled,
    secret: row.secret,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The owner's where clause, after checking the caller may manage its webhooks. */
async function ownerWhere(owner: WebhookOwner) {
  if ("apiKey" in owner) {
    const env = await requireEnvironment(owner.userId, owner.apiKey);
    return { environmentId: env.id };
  }
  await requireOrganisationAdmin(owner.userId, owner.organisationId);
  return { organisationId: owner.organisationId };
}

async function requireWebhook(owner: WebhookOwner, webhookId: number) {
  const where = await ownerWhere(owner);
  const row = await db.webhook.findFirst({ where: { id: webhookId, ...where } });
  if (!row) throw new NotFoundError();
  return row;
}

export async function listWebhooks(owner: WebhookOwner) {
  const rows = await db.webhook.findMany({ where: await ownerWhere(owner), orderBy: { id: "asc" } });
  return rows.map(serializeWebhook);
}

export async function getWebhook(owner: WebhookOwner, webhookId: number) {
  return serializeWebhook(await requireWebhook(owner, webhookId));
}

/**
 * The secret is never written into the audit log, only whether it changed; the URL is
 * redacted (redactWebhookUrl), in the entry and so in the AUDIT_LOG_CREATED payloads made from it.
 */
async function recordWebhookChange(tx: Tx, before: WebhookRow | null, after: WebhookRow | null) {
  const row = (after ?? before) as WebhookRow;
  const fields = (r: WebhookRow | null) =>
    r && { url: redactWebhookUrl(r.url), enabled: r.enabled, secret: r.secret ? "****" : "" };
  const action = !before ? "created" : !after ? "deleted" : "updated";
  await recordAudit(tx, {
    type: "WEBHOOK",
    before: fields(before),
    after: fields(after),
    log: `Webhook ${action}: ${redactWebhookUrl(row.url)}`,
    object: row,
    scope: { environmentId: row.environmentId, organisationId: row.organisationId },
  });
}

export async function createWebhook(owner: WebhookOwner, input: TWebhookCreate) {
  const where = await ownerWhere(owner);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.webhook.create({
      data: { ...where, url: input.url, enabled: input.enabled ?? true, secret: input.secret ?? "" },
    });
    await recordWebhookChange(tx, null, created);
    return created;
  });
  return serializeWebhook(row);
}

export async function updateWebhook(owner: WebhookOwner, webhookId: number, input: TWebhookUpdate) {
  const before = await requireWebhook(owner, webhookId);
  const row = await db.$transaction(async (tx) => {
    const after = await tx.webhook.update({
      where: { id: before.id },
      data: {
        url: input.url,
        enabled: input.enabled,
        secret: input.secret === undefined ? undefined : (input.secret ?? ""),
      },
    });
    await recordWebhookChange(tx, before, after);
    return after;
  });
  return serializeWebhook(row);
}

export async function deleteWebhook(owner: WebhookOwner, webhookId: number) {
  const before = await requireWebhook(owner, webhookId);
  await db.$transaction(async (tx) => {
    await recordWebhookChange(tx, before, null);
    await tx.webhook.delete({ where: { id: before.id } });
  });
}

/** The last 100 deliveries of a webhook, newest first, with every attempt's answer. */
export async function listDeliveries(owner: WebhookOwner, webhookId: number) {
  const webhook = await requireWebhook(owner, webhookId);
  const rows = await db.webhookDelivery.findMany({
    where: { webhookId: webhook.id },
    orderBy: { id: "desc" },
    take: 100,
  });
  return rows.map((row) => ({
    id: row.id,
    event_type: row.eventType,
    status: row.status,
    attempts: JSON.parse(row.attemptLog) as {
      at: string;
      status_code: number | null;
      error: string | null;
    }[],
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    next_attempt_at: row.status === "PENDING" ? row.nextAttemptAt.toISOString() : null,
    payload: JSON.parse(row.payload) as unknown,
  }));
}
