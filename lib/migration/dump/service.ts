// The dump endpoints: import an uploaded dump into an organisation, download the organisation
// as a dump. Both for organisation admins only.
import { db } from "@/lib/db/client";
import { requireOrganisationAdmin } from "@/lib/organisations/access";
import { serializeRun } from "../serializers";
import { exportDump } from "./export-dump";
import { importDump } from "./import-dump";
import { readDumpUpload } from "./read-upload";

type Scope = { userId: number; organisationId: number };

export async function importDumpUpload(scope: Scope, request: Request) {
  await requireOrganisationAdmin(scope.userId, scope.organisationId);
  const json = await readDumpUpload(request);
  const outcome = await importDump({
    organisationId: scope.organisationId,
    json,
    actorUserId: scope.userId,
  });
  return serializeRun(await db.importRun.findUniqueOrThrow({ where: { id: outcome.runId } }));
}

export async function downloadDump(scope: Scope, options: { keepIds: boolean }): Promise<Response> {
  await requireOrganisationAdmin(scope.userId, scope.organisationId);
  const rows = await exportDump({ organisationId: scope.organisationId, keepIds: options.keepIds });
  return new Response(JSON.stringify(rows), {
    status: 200,
    headers: {
      "Content-Type": "application/json",
      "Content-Disposition": `attachment; filename=organisation-${scope.organisationId}.json`,
    },
  });
}
