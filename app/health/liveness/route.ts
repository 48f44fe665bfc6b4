// GET /health/liveness/ — the process is up
export const GET = () => Response.json({ status: "ok" });
