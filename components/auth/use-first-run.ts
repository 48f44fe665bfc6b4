"use client";
// Whether this Ensign has no account yet (first run), and whether anyone may sign up,
// from GET /api/v1/auth/config/. An instance without that endpoint reads as "unknown".
import useSWR from "swr";
import { fetcher } from "@/lib/dashboard/fetcher";

export type AuthConfig = {
  has_users: boolean;
  allow_signup: boolean;
  single_sign_on?: { provider: string; name: string } | null;
};

export const AUTH_CONFIG_URL = "/api/v1/auth/config/";

export function useAuthConfig(): AuthConfig | undefined {
  const { data } = useSWR<AuthConfig>(AUTH_CONFIG_URL, fetcher, { shouldRetryOnError: false });
  return data;
}
