// POST /api/v1/traits/ — legacy: set one trait of an identity (created if needed)
import { preflight, withApi } from "@/lib/api/handler";
import { serveSdkRequest } from "@/lib/sdk/http";
import { handleTraitPost } from "@/lib/sdk/traits";

export const POST = withApi({ auth: "none", cors: true }, ({ request }) =>
  serveSdkRequest(request, handleTraitPost),
);
export const OPTIONS = preflight;
