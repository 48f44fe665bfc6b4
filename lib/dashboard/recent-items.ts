// What the user last opened from the command palette, newest first, kept in this browser's
// localStorage. Whatever is stored is checked on the way in: another version of the app, or a
// hand edit, must not break the palette.
import { z } from "zod";
import type { PaletteItem } from "./palette";

export const RECENT_STORAGE_KEY = "ensign:recent";
export const MAX_RECENT = 6;

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

const ZRecentItem = z.object({
  id: z.string().max(300),
  kind: z.enum(["flag", "segment", "identity", "page"]),
  label: z.string().max(300),
  detail: z.string().max(300).optional(),
  // Only paths on this origin: a stored item never sends anyone elsewhere.
  href: z
    .string()
    .max(1000)
    .regex(/^\/(?!\/)/),
  external: z.boolean().optional(),
  keywords: z.string().max(300).optional(),
});

export function readRecent(storage: Storage): PaletteItem[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(RECENT_STORAGE_KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const items: PaletteItem[] = [];
  for (const entry of raw.slice(0, MAX_RECENT)) {
    const parsed = ZRecentItem.safeParse(entry);
    if (parsed.success) items.push(parsed.data);
  }
  return items;
}

/** Puts the item first (once: the same page opened again moves up) and keeps the newest few. */
export function rememberRecent(storage: Storage, item: PaletteItem): PaletteItem[] {
  const items = [item, ...readRecent(storage).filter((other) => other.href !== item.href)].slice(
    0,
    MAX_RECENT,
  );
  try {
    storage.setItem(RECENT_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or disabled (private mode): the palette works without recent items.
  }
  return items;
}
