import { z } from "zod";
import { zBool, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";

const TOKEN_DESCRIPTION = "API token (40 hexadecimal characters); send it as `Authorization: Token <key>`.";

const userFields = {
  id: zInt("Numeric id of the user."),
  uuid: zUuid("UUID of the user."),
  email: z.email().meta({ description: "Email address, lower-cased; also the login name." }),
  first_name: zText("First name."),
  last_name: zText("Last name."),
  json_view: zBool("Whether the dashboard shows raw ids and JSON (the account's JSON view setting)."),
  date_joined: zDateTime("When the account was created."),
  last_login: z.iso
    .datetime()
    .nullable()
    .meta({ description: "Last sign-in with a password; null if never." }),
};

export const ZUser = z.strictObject(userFields).meta({ id: "User", description: "A user account." });

export const ZSignedUpUser = z
  .strictObject({
    ...userFields,
    key: z.string().meta({ description: TOKEN_DESCRIPTION }),
    organisation: z
      .int()
      .optional()
      .meta({ description: "The organisation joined through `invite_hash`; only with an invitation." }),
  })
  .meta({ id: "SignedUpUser", description: "The new account, with its first API token." });

export const ZAuthToken = z
  .strictObject({
    key: z
      .string()
      .regex(/^[0-9a-f]{40}$/)
      .meta({ description: TOKEN_DESCRIPTION }),
  })
  .meta({ id: "AuthToken", description: "An API token." });

export const ZAuthConfig = z
  .strictObject({
    has_users: z
      .boolean()
      .meta({ description: "Whether any account exists yet (false on a fresh install)." }),
    allow_signup: z.boolean().meta({ description: "Whether the sign-up endpoint accepts new accounts." }),
    single_sign_on: z
      .strictObject({
        provider: z.literal("oidc").meta({ description: "next-auth provider id to sign in with." }),
        name: z.string().meta({ description: "Label of the sign-in button (ENSIGN_OIDC_NAME)." }),
      })
      .nullable()
      .meta({
        id: "SingleSignOn",
        description: "The OpenID Connect provider, when configured; null otherwise.",
      }),
  })
  .meta({ id: "AuthConfig", description: "What the sign-in page needs before anyone is signed in." });
