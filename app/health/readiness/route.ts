// GET /health/readiness/ — the database answers
import { withApi } from "@/lib/route/handler";
import { checkDatabase } from "@/lib/db/health";
import { ok } from "@/lib/openapi/shared";
import { ZHealth } from "@/lib/db/health-responses";

export const GET = withApi(
  {
    auth: "none",
    openapi: {
      operationId: "checkReadiness",
      summary: "Readiness probe",
      description: "Answers when the database answers.",
      tag: "Health",
      responses: { 200: ok("The database answers.", ZHealth) },
    },
  },
  () => checkDatabase(),
);
