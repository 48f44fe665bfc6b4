// SDK authentication by X-Environment-Key for routes that use the wrapper's "environment"
// and "server-key" modes: an environment's client key, or one of its live server-side keys
// ("ser."). Keys resolve from the in-memory SDK snapshots (lib/sdk/cache), so a warm key
// costs no database read. Failures are 403 with Flagsmith's exact bodies.
import { PermissionDeniedError } from "@/lib/api/errors";
import { authenticateSdkKey } from "@/lib/sdk/auth";

export type SdkEnvironmentAuth = { environmentId: number; apiKey: string; isServerKey: boolean };

export async function authenticateEnvironmentKey(
  request: Request,
  { serverKeyOnly }: { serverKeyOnly: boolean },
): Promise<SdkEnvironmentAuth> {
  const result = await authenticateSdkKey(request.headers.get("x-environment-key"), { serverKeyOnly });
  if (!result.ok) throw new PermissionDeniedError(result.detail);
  return {
    environmentId: result.snapshot.environmentId,
    apiKey: result.apiKey,
    isServerKey: result.isServerKey,
  };
}
