// GET /health/liveness/ — the process is up
import { withApi } from "@/lib/route/handler";
import { ok } from "@/lib/openapi/shared";
import { ZHealth } from "@/lib/db/health-responses";

export const GET = withApi(
  {
    auth: "none",
    openapi: {
      operationId: "checkLiveness",
      summary: "Liveness probe",
      description: "Answers as long as the process is up.",
      tag: "Health",
      responses: { 200: ok("The process is up.", ZHealth) },
    },
  },
  () => ({ status: "ok" }),
);
