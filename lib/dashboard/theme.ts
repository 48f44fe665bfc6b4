// Light, dark or the system's choice, kept in localStorage and applied as a `dark`
// class on <html> (Tailwind's dark variant keys off it).
export type ThemeChoice = "system" | "light" | "dark";

export const THEME_STORAGE_KEY = "ensign:theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * The script inlined at the top of a page so it never flashes light. It also keeps the page in
 * step afterwards: with "System", an OS switch between light and dark applies at once, and a
 * choice made in another tab of this origin applies here too. `classes` are the classes on
 * <html> that mean dark (the dashboard's `dark`; Swagger UI's `dark-mode` on the docs page).
 */
export function themeScript(classes: readonly string[]): string {
  return `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)},c=${JSON.stringify(classes)},m=matchMedia(${JSON.stringify(DARK_QUERY)});function a(){var t=localStorage.getItem(k)||"system";var d=t==="dark"||(t==="system"&&m.matches);for(var i=0;i<c.length;i++)document.documentElement.classList.toggle(c[i],d);}a();m.addEventListener("change",a);addEventListener("storage",function(e){if(e.key===k||e.key===null)a();});}catch(e){}})();`;
}

/** Runs before first paint (inlined in the root layout). */
export const themeBootScript = themeScript(["dark"]);

export function readTheme(): ThemeChoice {
  if (typeof window === "undefined") return "system";
  const value = window.localStorage.getItem(THEME_STORAGE_KEY);
  return value === "light" || value === "dark" ? value : "system";
}

/** Stores the choice and applies it; the boot script's listener reads the stored choice later. */
export function applyTheme(choice: ThemeChoice): void {
  window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  const dark = choice === "dark" || (choice === "system" && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle("dark", dark);
}
