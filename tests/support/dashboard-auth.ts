// next-auth's credentials sign-in over HTTP, as the dashboard's form does it, and a raw
// HTTP request for headers fetch will not send as given (Host).
import { request as httpRequest } from "node:http";
import { baseUrl } from "./api";

export type DashboardAnswer = { status: number; body: any; cookie: string; headers: Headers };

export function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

export async function dashboardSignIn(
  email: string,
  password: string,
  options: { base?: string; callbackUrl?: string; headers?: Record<string, string> } = {},
): Promise<DashboardAnswer> {
  const base = options.base ?? baseUrl();
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: options.headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = cookiesOf(csrf.headers);
  const form: Record<string, string> = { email, password, csrfToken, json: "true" };
  if (options.callbackUrl) form.callbackUrl = options.callbackUrl;
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: csrfCookie,
      ...options.headers,
    },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  const text = await res.text();
  const session = cookiesOf(res.headers);
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    cookie: [csrfCookie, session].filter(Boolean).join("; "),
    headers: res.headers,
  };
}

export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
};

/** One HTTP/1.1 request to `url` (on loopback) with exactly these headers, Host included. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "GET",
        headers: options.headers,
        setHost: !options.headers || !Object.keys(options.headers).some((h) => h.toLowerCase() === "host"),
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
