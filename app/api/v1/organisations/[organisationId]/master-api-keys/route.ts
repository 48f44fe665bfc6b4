// GET/POST /api/v1/organisations/{id}/master-api-keys/ — organisation API keys (admins, never with a key)
import { withApi } from "@/lib/route/handler";
import { createMasterApiKey, listMasterApiKeys } from "@/lib/master-api-keys/master-api-keys";
import { ZMasterApiKeyCreate, ZMasterApiKeysParams } from "@/lib/master-api-keys/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZMasterApiKey, ZMasterApiKeyList } from "@/lib/master-api-keys/responses";

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
    openapi: {
      operationId: "listMasterApiKeys",
      summary: "List the organisation API keys",
      description:
        "Organisation admins only, signed in or with an account token (not with an organisation API key).",
      tag: "Organisation API keys",
      responses: {
        200: ok("The keys, without their secrets.", ZMasterApiKeyList),
        403: forbidden(
          "The caller is not an admin of the organisation, or came with an organisation API key",
        ),
        404: notFound("The organisation"),
      },
    },
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
    openapi: {
      operationId: "createMasterApiKey",
      summary: "Create an organisation API key",
      description:
        "Organisation admins only, signed in or with an account token (not with an organisation API key). The answer's `key` is the only time the key is shown: only its hash is stored.",
      tag: "Organisation API keys",
      responses: {
        201: ok("The created key, with `key` set.", ZMasterApiKey),
        403: forbidden(
          "The caller is not an admin of the organisation, or came with an organisation API key",
        ),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, body }) =>
    createMasterApiKey({ userId: user.id, organisationId: params.organisationId }, body),
);
