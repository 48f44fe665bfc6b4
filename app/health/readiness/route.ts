// GET /health/readiness/ — the database answers
import { withApi } from "@/lib/api/handler";
import { checkDatabase } from "@/lib/db/health";

export const GET = withApi({ auth: "none" }, () => checkDatabase());
