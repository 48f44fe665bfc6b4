// GET/POST /api/v1/organisations/{id}/master-api-keys/ — organisation API keys (admins, never with a key)
import { withApi } from "@/lib/api/handler";
import { createMasterApiKey, listMasterApiKeys } from "@/lib/master-api-keys/master-api-keys";
import { ZMasterApiKeyCreate, ZMasterApiKeysParams } from "@/lib/master-api-keys/schemas";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZMasterApiKeysParams;

export const GET = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
  },
  ({ user, params }) => listMasterApiKeys({ userId: user.id, organisationId: params.organisationId }),
);
export const POST = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
    body: ZMasterApiKeyCreate,
    status: 201,
  },
  ({ user, params, body }) =>
    createMasterApiKey({ userId: user.id, organisationId: params.organisationId }, body),
);
