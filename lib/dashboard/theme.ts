// Light, dark or the system's choice, kept in localStorage and applied as a `dark`
// class on <html> (Tailwind's dark variant keys off it).
export type ThemeChoice = "system" | "light" | "dark";

export const THEME_STORAGE_KEY = "ensign:theme";

/** Runs before first paint (inlined in the root layout) so pages never flash light. */
export const themeBootScript = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}")||"system";var d=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;

export function readTheme(): ThemeChoice {
  if (typeof window === "undefined") return "system";
  const value = window.localStorage.getItem(THEME_STORAGE_KEY);
  return value === "light" || value === "dark" ? value : "system";
}

export function applyTheme(choice: ThemeChoice): void {
  window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  const dark =
    choice === "dark" || (choice === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}
