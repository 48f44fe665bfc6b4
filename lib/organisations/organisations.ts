import { db } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import { buildPage, FIXED_PAGE_SIZE, pageWindow, type TPageQuery } from "@/lib/api/pagination";
import { touchEnvironments } from "@/lib/db/revision";
import { recordAudit } from "@/lib/audit/record";
import { requireOrganisationAdmin, requireOrganisationMember, type Role } from "./access";
import type { TOrganisationCreate, TOrganisationUpdate } from "./schemas";
import type { z } from "zod";
import type { ZOrganisation } from "@/lib/organisations/responses";

type OrganisationRow = {
  id: number;
  uuid: string;
  name: string;
  persistTraitData: boolean;
  stopServingFlags: boolean;
  featureAnalytics: boolean;
  createdAt: Date;
};

export function serializeOrganisation(
  org: OrganisationRow,
  role: Role | null,
): z.infer<typeof ZOrganisation> {
  return {
    id: org.id,
    uuid: org.uuid,
    name: org.name,
    created_date: org.createdAt.toISOString(),
    persist_trait_data: org.persistTraitData,
    stop_serving_flags: org.stopServingFlags,
    feature_analytics: org.featureAnalytics,
    // Flagsmith's fields its Terraform data source reads; Ensign enforces neither.
    force_2fa: false,
    restrict_project_create_to_admin: false,
    role,
  };
}

export async function listOrganisations(userId: number, request: Request, query: TPageQuery) {
  const where = { users: { some: { userId } } };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.organisation.count({ where }),
    db.organisation.findMany({
      where,
      orderBy: { id: "asc" },
      skip: window.skip,
      take: window.take,
      include: { users: { where: { userId }, select: { role: true } } },
    }),
  ]);
  const results = rows.map((org) => serializeOrganisation(org, org.users[0]?.role as Role));
  return buildPage(request, window, count, results);
}

export async function createOrganisation(userId: number, input: TOrganisationCreate) {
  const org = await db.$transaction(async (tx) => {
    const created = await tx.organisation.create({
      data: {
        uuid: generateUuid(),
        name: input.name,
        persistTraitData: input.persist_trait_data,
        stopServingFlags: input.stop_serving_flags,
        featureAnalytics: input.feature_analytics,
        users: { create: { userId, role: "ADMIN" } },
      },
    });
    await recordAudit(tx, orgEntry(null, created, `New Organisation created: ${created.name}`));
    return created;
  });
  return serializeOrganisation(org, "ADMIN");
}

export async function getOrganisation(userId: number, organisationId: number) {
  const role = await requireOrganisationMember(userId, organisationId);
  return serializeOrganisation(
    await db.organisation.findUniqueOrThrow({ where: { id: organisationId } }),
    role,
  );
}

export async function updateOrganisation(userId: number, organisationId: number, input: TOrganisationUpdate) {
  await requireOrganisationAdmin(userId, organisationId);
  const org = await db.$transaction(async (tx) => {
    const before = await tx.organisation.findUniqueOrThrow({ where: { id: organisationId } });
    const updated = await tx.organisation.update({
      where: { id: organisationId },
      data: {
        name: input.name,
        persistTraitData: input.persist_trait_data,
        stopServingFlags: input.stop_serving_flags,
        featureAnalytics: input.feature_analytics,
      },
    });
    // Organisation settings are part of every environment document of the organisation.
    const environments = await tx.environment.findMany({
      where: { project: { organisationId } },
      select: { id: true },
    });
    await touchEnvironments({ environmentIds: environments.map((e) => e.id) }, tx);
    await recordAudit(tx, orgEntry(before, updated, `Organisation updated: ${updated.name}`));
    return updated;
  });
  return serializeOrganisation(org, "ADMIN");
}

export async function deleteOrganisation(userId: number, organisationId: number) {
  await requireOrganisationAdmin(userId, organisationId);
  await db.$transaction(async (tx) => {
    const before = await tx.organisation.delete({ where: { id: organisationId } });
    await recordAudit(tx, orgEntry(before, null, `Organisation deleted: ${before.name}`));
  });
}

function orgEntry(before: OrganisationRow | null, after: OrganisationRow | null, log: string) {
  const org = (after ?? before) as OrganisationRow;
  return {
    type: "ORGANISATION" as const,
    before,
    after,
    log,
    object: org,
    scope: { organisationId: org.id },
  };
}
