// GET /api/v1/flags/ — the environment's flags for an SDK key (`?feature=<name>` for one)
import { withApi } from "@/lib/route/handler";
import { preflight } from "@/lib/sdk/cors";
import { handleFlagsRequest } from "@/lib/sdk/flags";
import { serveSdkRequest } from "@/lib/sdk/http";
import { ZFlagsQuery } from "@/lib/sdk/requests";
import { noContent, ok } from "@/lib/openapi/shared";
import { ZFlag, ZFlagList } from "@/lib/sdk/responses";
import { ZErrorDetail } from "@/lib/api/response-schemas";
import { z } from "zod";

export const GET = withApi(
  {
    auth: "none",
    cors: true,
    openapi: {
      operationId: "getFlags",
      summary: "Get the environment's flags",
      description:
        "The flags every user of the environment gets. Server-side keys also get server-key-only features.",
      tag: "SDK",
      sdk: { security: "environmentKey", query: ZFlagsQuery },
      responses: {
        200: ok("The flags, or one flag with `feature`.", z.union([ZFlagList, ZFlag])),
        304: noContent("`If-None-Match` names the current ETag."),
        403: ok(
          "Missing or unknown environment key (`Invalid or missing Environment Key`). Also when the organisation stopped serving flags.",
          ZErrorDetail,
        ),
        404: ok("`feature` names no flag of the environment (`Given feature not found`).", ZErrorDetail),
      },
    },
  },
  ({ request }) => serveSdkRequest(request, handleFlagsRequest),
);
export const OPTIONS = preflight;
