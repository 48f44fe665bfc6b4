// GET /version/: what Flagsmith's unauthenticated version probe answers (flagsmith-common's
// version info), so that tools that ask an instance what it runs before they hold any
// credential (flagsmith-cli reads `image_tag`) work against Ensign.
import packageJson from "@/package.json";
import { db } from "@/lib/db/client";
import { smtpConfigured } from "@/lib/invitations/email";
import type { TVersionInfo } from "./responses";

const UNKNOWN = "unknown";

export async function getVersionInfo(): Promise<TVersionInfo> {
  const [anyUser, anyLogin] = await Promise.all([
    db.user.findFirst({ select: { id: true } }),
    db.user.findFirst({ where: { lastLogin: { not: null } }, select: { id: true } }),
  ]);
  return {
    ci_commit_sha: process.env.ENSIGN_COMMIT_SHA?.trim().slice(0, 64) || UNKNOWN,
    image_tag: packageJson.version,
    package_versions: { ".": packageJson.version },
    has_email_provider: smtpConfigured(),
    is_enterprise: false,
    is_saas: false,
    self_hosted_data: { has_users: anyUser !== null, has_logins: anyLogin !== null },
  };
}
