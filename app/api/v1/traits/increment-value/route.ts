// POST /api/v1/traits/increment-value/ — legacy: add to an integer trait of an identity
import { preflight, withApi } from "@/lib/api/handler";
import { serveSdkRequest } from "@/lib/sdk/http";
import { handleTraitIncrement } from "@/lib/sdk/traits";

export const POST = withApi({ auth: "none", cors: true }, ({ request }) =>
  serveSdkRequest(request, handleTraitIncrement),
);
export const OPTIONS = preflight;
