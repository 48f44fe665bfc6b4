import { z } from "zod";

export const ZVersionInfo = z
  .strictObject({
    ci_commit_sha: z
      .string()
      .meta({ description: "Commit the server was built from (`ENSIGN_COMMIT_SHA`), or `unknown`." }),
    image_tag: z.string().meta({ description: "Ensign's version (package.json)." }),
    package_versions: z
      .record(z.string(), z.string())
      .meta({ description: "Versions by package; `.` is the server's own (the same as `image_tag`)." }),
    has_email_provider: z
      .boolean()
      .meta({ description: "Whether invitation emails are sent (SMTP configured)." }),
    is_enterprise: z.literal(false).meta({ description: "Always false: Ensign has no enterprise edition." }),
    is_saas: z.literal(false).meta({ description: "Always false: Ensign is self-hosted." }),
    self_hosted_data: z
      .strictObject({
        has_users: z.boolean().meta({ description: "Whether any account exists yet." }),
        has_logins: z.boolean().meta({ description: "Whether any account has signed in yet." }),
      })
      .meta({ description: "What a fresh installation's dashboard needs to know." }),
  })
  .meta({
    id: "VersionInfo",
    description: "The version of this deployment, as Flagsmith's `/version/` answers it.",
  });
export type TVersionInfo = z.infer<typeof ZVersionInfo>;
