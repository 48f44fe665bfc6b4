// GET/POST /api/v1/identities/ — an identity's flags (created lazily); POST also stores traits
import { preflight, withApi } from "@/lib/api/handler";
import { serveSdkRequest } from "@/lib/sdk/http";
import { handleIdentitiesGet } from "@/lib/sdk/identities/get";
import { handleIdentitiesPost } from "@/lib/sdk/identities/post";

export const GET = withApi({ auth: "none", cors: true }, ({ request }) =>
  serveSdkRequest(request, handleIdentitiesGet),
);
export const POST = withApi({ auth: "none", cors: true }, ({ request }) =>
  serveSdkRequest(request, handleIdentitiesPost),
);
export const OPTIONS = preflight;
