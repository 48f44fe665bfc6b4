// PUT /api/v1/traits/bulk/ — legacy: set many traits of many identities; a null value deletes
import { preflight, withApi } from "@/lib/api/handler";
import { serveSdkRequest } from "@/lib/sdk/http";
import { handleTraitsBulkPut } from "@/lib/sdk/traits";

export const PUT = withApi({ auth: "none", cors: true }, ({ request }) =>
  serveSdkRequest(request, handleTraitsBulkPut),
);
export const OPTIONS = preflight;
