import { z } from "zod";

export const ZSignUp = z.object({
  email: z.email().max(254),
  password: z
    .string()
    .min(8, { error: "This password is too short. It must contain at least 8 characters." })
    .max(128),
  first_name: z.string().max(30).optional().default(""),
  last_name: z.string().max(150).optional().default(""),
});
export type TSignUp = z.infer<typeof ZSignUp>;

export const ZLogin = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZUserUpdate = z.object({
  first_name: z.string().max(30).optional(),
  last_name: z.string().max(150).optional(),
  json_view: z.boolean().optional(),
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;
