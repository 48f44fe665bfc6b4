// Django REST Framework's page-number pagination: `{count, next, previous, results}` with
// absolute next/previous URLs. Two flavours exist in Flagsmith: a fixed page of 10 with no
// page_size parameter, and page_size up to 999 (default 999).
import { z } from "zod";
import { NotFoundError } from "./errors";

const positiveInt = z.coerce.number({ error: "A valid integer is required." }).int().min(1);

export const ZPageQuery = z.object({ page: positiveInt.optional() });
export const ZSizedPageQuery = z.object({
  page: positiveInt.optional(),
  page_size: positiveInt.max(999).optional(),
});
export type TPageQuery = { page?: number; page_size?: number };

export const FIXED_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 999;

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
export type PageWindow = { skip: number; take: number; page: number; size: number };

export function pageWindow(query: TPageQuery, defaultSize: number): PageWindow {
  const size = query.page_size ?? defaultSize;
  const page = query.page ?? 1;
  return { skip: (page - 1) * size, take: size, page, size };
}

function pageUrl(request: Request, page: number): string {
  const url = new URL(request.url);
  if (page === 1) url.searchParams.delete("page");
  else url.searchParams.set("page", String(page));
  return url.toString();
}

export function buildPage<T>(request: Request, window: PageWindow, count: number, results: T[]): Page<T> {
  const lastPage = Math.max(1, Math.ceil(count / window.size));
  // DRF answers a page past the end with 404 "Invalid page.".
  if (window.page > lastPage) throw new NotFoundError("Invalid page.");
  return {
    count,
    next: window.page < lastPage ? pageUrl(request, window.page + 1) : null,
    previous: window.page > 1 ? pageUrl(request, window.page - 1) : null,
    results,
  };
}
