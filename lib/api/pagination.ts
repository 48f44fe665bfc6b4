// Django REST Framework's page-number pagination: `{count, next, previous, results}` with
// absolute next/previous URLs. Two flavours exist in Flagsmith: a fixed page of 10 with no
// page_size parameter, and page_size up to 999 (default 999).
import { z } from "zod";
import { publicUrl } from "@/lib/api/public-origin";
import { NotFoundError } from "./errors";

export const FIXED_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 999;

/** Rows skipped before a page: past it no table has rows, and the database's integers end. */
const MAX_OFFSET = 2_147_483_647;

/** DRF answers a page number that is not a positive integer, or past the last page, with 404
 * "Invalid page." (pageWindow throws it), not with a validation error. Numbers too large to
 * hold exactly are past every last page. */
const pageNumber = z
  .string()
  .optional()
  .transform((value) => {
    if (value === undefined) return undefined;
    const n = /^\d+$/.test(value) ? Number(value) : -1;
    return Number.isSafeInteger(n) && n > 0 ? n : -1;
  });

/** DRF reads page_size leniently: anything but a positive integer means the default, and it
 * is capped at the maximum rather than refused. */
const lenientPageSize = z
  .string()
  .optional()
  .transform((value) => {
    const n = value !== undefined && /^\d+$/.test(value) ? Number(value) : 0;
    return n > 0 ? Math.min(n, MAX_PAGE_SIZE) : undefined;
  });

export const ZPageQuery = z.object({ page: pageNumber });
export const ZSizedPageQuery = z.object({ page: pageNumber, page_size: lenientPageSize });
export type TPageQuery = { page?: number; page_size?: number };

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
export type PageWindow = { skip: number; take: number; page: number; size: number };

export function pageWindow(query: TPageQuery, defaultSize: number): PageWindow {
  const size = query.page_size ?? defaultSize;
  const page = query.page ?? 1;
  if (page < 1 || (page - 1) * size > MAX_OFFSET) throw new NotFoundError("Invalid page.");
  return { skip: (page - 1) * size, take: size, page, size };
}

function pageUrl(request: Request, page: number): string {
  const url = new URL(request.url);
  if (page === 1) url.searchParams.delete("page");
  else url.searchParams.set("page", String(page));
  return publicUrl(request, url);
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
