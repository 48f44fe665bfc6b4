import { ZLogin, ZSetPassword, ZSignUp, ZUserUpdate } from "@/lib/auth/schemas";
import { ZErrorDetail } from "../responses/common";
import { ZAuthConfig, ZAuthToken, ZSignedUpUser, ZUser } from "../responses/auth";
import type { Operation } from "../types";
import { invalidBody, noContent, notAuthenticated, ok } from "./shared";

const userDocs = {
  first_name: "First name (at most 30 characters).",
  last_name: "Last name (at most 150 characters).",
};

const throttled = {
  description:
    "Too many failed sign-ins for this account or from this address (`Request was throttled. Expected available in N seconds.`); `Retry-After` says when to try again.",
  schema: ZErrorDetail,
};

export const authOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/auth/config/",
    operationId: "getAuthConfig",
    summary: "Sign-in configuration",
    description: "Whether accounts exist (the dashboard's first-run path) and whether sign-up is open.",
    tag: "Authentication",
    security: "none",
    status: 200,
    responses: { 200: ok("The sign-in configuration.", ZAuthConfig) },
  },
  {
    method: "post",
    path: "/api/v1/auth/users/",
    operationId: "signUp",
    summary: "Sign up",
    description:
      "Creates an account and answers it with its first API token. With `invite_hash` (an email invitation " +
      "for this email, or an invite link) the account joins that organisation, even where sign-up is " +
      "otherwise turned off (ENSIGN_PREVENT_SIGNUP).",
    tag: "Authentication",
    security: "none",
    body: ZSignUp,
    bodyDocs: {
      email: "Email address; the login name. Unique, case-insensitive.",
      password: "Password: at least 8 characters and at most 72 bytes (bcrypt reads no more).",
      ...userDocs,
    },
    status: 201,
    responses: {
      201: ok("The new user with an API token.", ZSignedUpUser),
      400: invalidBody,
    },
  },
  {
    method: "post",
    path: "/api/v1/auth/login/",
    operationId: "logIn",
    summary: "Log in",
    description: "Exchanges an email and password for a new API token; other tokens keep working.",
    tag: "Authentication",
    security: "none",
    body: ZLogin,
    bodyDocs: { email: "Email address of the account.", password: "Password of the account." },
    status: 200,
    responses: {
      200: ok("A new API token.", ZAuthToken),
      400: {
        ...invalidBody,
        description: "Missing fields, or wrong credentials (`non_field_errors`).",
      },
      429: throttled,
    },
  },
  {
    method: "post",
    path: "/api/v1/auth/logout/",
    operationId: "logOut",
    summary: "Log out",
    description: "Revokes the token the request was made with.",
    tag: "Authentication",
    security: "token",
    status: 204,
    responses: { 204: noContent("The token is revoked."), 401: notAuthenticated },
  },
  {
    method: "post",
    path: "/api/v1/auth/token/",
    operationId: "regenerateToken",
    summary: "Regenerate the API token",
    description: "Revokes every token of the user and answers a new one.",
    tag: "Authentication",
    security: "token",
    status: 200,
    responses: { 200: ok("The new token.", ZAuthToken), 401: notAuthenticated },
  },
  {
    method: "delete",
    path: "/api/v1/auth/token/",
    operationId: "revokeToken",
    summary: "Revoke the current token",
    tag: "Authentication",
    security: "token",
    status: 204,
    responses: { 204: noContent("The token is revoked."), 401: notAuthenticated },
  },
  {
    method: "get",
    path: "/api/v1/auth/users/me/",
    operationId: "getCurrentUser",
    summary: "Get the current user",
    tag: "Authentication",
    security: "token",
    status: 200,
    responses: { 200: ok("The signed-in user.", ZUser), 401: notAuthenticated },
  },
  {
    method: "patch",
    path: "/api/v1/auth/users/me/",
    operationId: "updateCurrentUser",
    summary: "Update the current user",
    description: "Changes the name or account settings of the signed-in user; omitted fields stay.",
    tag: "Authentication",
    security: "token",
    body: ZUserUpdate,
    bodyDocs: { ...userDocs, json_view: "Whether the dashboard shows raw ids and JSON." },
    status: 200,
    responses: { 200: ok("The updated user.", ZUser), 400: invalidBody, 401: notAuthenticated },
  },
  {
    method: "post",
    path: "/api/v1/auth/users/set_password/",
    operationId: "setPassword",
    summary: "Change the password",
    description:
      "Changes the signed-in user's password (djoser's `set_password`). Every other dashboard session and every other API token of the user ends; the session or token the request came with keeps working. A wrong current password counts as a failed sign-in.",
    tag: "Authentication",
    security: "token",
    body: ZSetPassword,
    bodyDocs: {
      current_password: "The password now.",
      new_password: "The new password: at least 8 characters and at most 72 bytes.",
      re_new_password: "The new password again.",
    },
    status: 204,
    responses: {
      204: noContent("The password is changed."),
      400: {
        ...invalidBody,
        description:
          "A wrong current password (`current_password: Invalid password.`), a new password that is too short or too long, or two new passwords that differ (`non_field_errors`).",
      },
      401: notAuthenticated,
      429: throttled,
    },
  },
];
