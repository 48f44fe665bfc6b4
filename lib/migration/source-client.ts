// A small client of Flagsmith's Admin API (and of its SDK API, for the verifier): one base
// URL, one credential, every answer bounded in time and size, every list read to its end
// through whichever paging the endpoint uses (DRF's `next`, Edge's `last_evaluated_key`, or
// a plain array).
import http from "node:http";
import https from "node:https";
import { sourceLookup } from "./source-network";

export const SOURCE_TIMEOUT_MS = Number(process.env.ENSIGN_IMPORT_TIMEOUT_MS ?? 30_000);
export const SOURCE_MAX_BYTES = Number(process.env.ENSIGN_IMPORT_MAX_RESPONSE_BYTES ?? 20 * 1024 * 1024);
/** A list longer than this is cut off and reported, so a misbehaving source cannot loop forever. */
export const SOURCE_MAX_PAGES = 10_000;

export class SourceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type SourceClient = {
  baseUrl: string;
  get: <T = unknown>(path: string, headers?: Record<string, string>) => Promise<T>;
  post: <T = unknown>(path: string, body: unknown, headers?: Record<string, string>) => Promise<T>;
  list: <T = unknown>(path: string) => Promise<T[]>;
};

type Options = { baseUrl: string; apiKey: string; guard?: boolean };

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  guard: boolean,
) {
  const lib = url.protocol === "https:" ? https : http;
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method,
        headers: { accept: "application/json", ...headers },
        timeout: SOURCE_TIMEOUT_MS,
        ...(guard ? { lookup: sourceLookup } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > SOURCE_MAX_BYTES) {
            req.destroy(
              new SourceError(`Answer of ${url.pathname} is larger than ${SOURCE_MAX_BYTES} bytes`),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () =>
      req.destroy(new SourceError(`No answer from ${url.host} in ${SOURCE_TIMEOUT_MS} ms`)),
    );
    req.on("error", (error) => reject(error instanceof SourceError ? error : new SourceError(error.message)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export function createSourceClient({ baseUrl, apiKey, guard = true }: Options): SourceClient {
  const base = baseUrl.replace(/\/+$/, "");
  const auth = { authorization: `Api-Key ${apiKey}` };
  async function request<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    // A `next` link is absolute and may name the source by another host (behind a proxy):
    // only its path and query are kept, so the credential goes to the base URL and nowhere else.
    const relative = path.startsWith("http") ? new URL(path) : null;
    const url = new URL(relative ? `${relative.pathname}${relative.search}` : path, `${base}/`);
    if (!path.startsWith("http"))
      url.pathname = `${new URL(base).pathname.replace(/\/$/, "")}${path.split("?")[0]}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const res = await send(
      url,
      method,
      { ...(headers ?? auth), ...(payload ? { "content-type": "application/json" } : {}) },
      payload,
      guard,
    );
    if (res.status < 200 || res.status >= 300) {
      throw new SourceError(
        `${method} ${url.pathname} answered ${res.status}: ${res.text.slice(0, 200)}`,
        res.status,
      );
    }
    try {
      return (res.text ? JSON.parse(res.text) : null) as T;
    } catch {
      throw new SourceError(`${method} ${url.pathname} did not answer JSON`, res.status);
    }
  }
  async function list<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    let next: string | null = path;
    for (let page = 0; next && page < SOURCE_MAX_PAGES; page++) {
      const answer: unknown = await request("GET", next);
      if (Array.isArray(answer)) return [...out, ...(answer as T[])];
      const body = answer as { results?: T[]; next?: string | null; last_evaluated_key?: string | null };
      out.push(...(body.results ?? []));
      if (body.next) next = body.next;
      else if (body.last_evaluated_key) {
        const u = new URL(path, "http://x");
        u.searchParams.set("last_evaluated_key", body.last_evaluated_key);
        next = `${u.pathname}${u.search}`;
      } else next = null;
    }
    return out;
  }
  return {
    baseUrl: base,
    get: (path, headers) => request("GET", path, undefined, headers),
    post: (path, body, headers) => request("POST", path, body, headers),
    list,
  };
}
