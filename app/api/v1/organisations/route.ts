// GET/POST /api/v1/organisations/ — the caller's organisations; create one (the creator becomes its admin)
import { withApi } from "@/lib/api/handler";
import { ZPageQuery } from "@/lib/api/pagination";
import { createOrganisation, listOrganisations } from "@/lib/organisations/organisations";
import { ZOrganisationCreate } from "@/lib/organisations/schemas";

const permission = { member: true } as const;

export const GET = withApi({ auth: "user", permission, query: ZPageQuery }, ({ user, request, query }) =>
  listOrganisations(user.id, request, query),
);
export const POST = withApi(
  { auth: "user", allowApiKey: false, permission, body: ZOrganisationCreate, status: 201 },
  ({ user, body }) => createOrganisation(user.id, body),
);
