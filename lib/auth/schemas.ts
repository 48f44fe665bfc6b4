import { z } from "zod";
import { MAX_PASSWORD_BYTES, passwordBytes } from "./passwords";

const TOO_LONG = `Ensure this field has no more than ${MAX_PASSWORD_BYTES} bytes: bcrypt reads only the first ${MAX_PASSWORD_BYTES}.`;

/** A password being set: 8 characters to 72 bytes (longer ones would be cut by bcrypt). */
export const ZNewPassword = z
  .string()
  .min(8, { error: "This password is too short. It must contain at least 8 characters." })
  .refine((password) => passwordBytes(password) <= MAX_PASSWORD_BYTES, { error: TOO_LONG });

/** A password being checked: accounts made before the 72-byte limit may hold longer ones. */
const ZCurrentPassword = z.string().min(1).max(1024);

export const ZSignUp = z.object({
  email: z.email().max(254),
  password: ZNewPassword,
  first_name: z.string().max(30).optional().default(""),
  last_name: z.string().max(150).optional().default(""),
  invite_hash: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("The hash of an invitation (email or link): the new account joins its organisation."),
  sign_up_type: z
    .enum(["NO_INVITE", "INVITE_EMAIL", "INVITE_LINK"])
    .optional()
    .describe("Which kind of invitation `invite_hash` is; left out, both kinds are tried."),
});
export type TSignUp = z.infer<typeof ZSignUp>;

export const ZLogin = z.object({
  email: z.string().min(1).max(254),
  password: ZCurrentPassword,
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZUserUpdate = z.object({
  first_name: z.string().max(30).optional(),
  last_name: z.string().max(150).optional(),
  json_view: z.boolean().optional(),
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

/** djoser's set_password with SET_PASSWORD_RETYPE, as Flagsmith configures it. */
export const ZSetPassword = z.object({
  current_password: ZCurrentPassword,
  new_password: ZNewPassword,
  re_new_password: z.string().min(1).max(1024),
});
export type TSetPassword = z.infer<typeof ZSetPassword>;
