// SDK authentication by X-Environment-Key: an environment's client key, or one of its
// active server-side keys ("ser."). Failures are 403 with Flagsmith's exact bodies.
import { PermissionDeniedError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";

export type SdkEnvironmentAuth = { environmentId: number; apiKey: string; isServerKey: boolean };

export async function authenticateEnvironmentKey(
  request: Request,
  { serverKeyOnly }: { serverKeyOnly: boolean },
): Promise<SdkEnvironmentAuth> {
  const key = request.headers.get("x-environment-key")?.trim();
  if (!key) throw new PermissionDeniedError("Invalid or missing Environment key");
  if (key.startsWith("ser.")) {
    const serverKey = await db.environmentApiKey.findUnique({
      where: { key },
      select: { active: true, expiresAt: true, environment: { select: { id: true, apiKey: true } } },
    });
    const live = serverKey && serverKey.active && (!serverKey.expiresAt || serverKey.expiresAt > new Date());
    if (!live) throw new PermissionDeniedError("Invalid or missing Environment Key");
    return {
      environmentId: serverKey.environment.id,
      apiKey: serverKey.environment.apiKey,
      isServerKey: true,
    };
  }
  if (serverKeyOnly) throw new PermissionDeniedError("Invalid or missing Environment key");
  const env = await db.environment.findUnique({ where: { apiKey: key }, select: { id: true, apiKey: true } });
  if (!env) throw new PermissionDeniedError("Invalid or missing Environment Key");
  return { environmentId: env.id, apiKey: env.apiKey, isServerKey: false };
}
