import { describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY, themeScript } from "./theme";

/** Runs the inline script against a stand-in browser: storage, OS preference and <html> classes. */
function runScript(stored: string | null, osDark: boolean) {
  const storage = new Map<string, string>();
  if (stored !== null) storage.set(THEME_STORAGE_KEY, stored);
  const classes = new Set<string>();
  const media = { matches: osDark, listeners: [] as (() => void)[] };
  const windowListeners: ((event: { key: string | null }) => void)[] = [];
  const browser = {
    localStorage: { getItem: (key: string) => storage.get(key) ?? null },
    matchMedia: () => ({
      get matches() {
        return media.matches;
      },
      addEventListener: (_type: string, listener: () => void) => media.listeners.push(listener),
    }),
    document: {
      documentElement: {
        classList: {
          toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
        },
      },
    },
    addEventListener: (_type: string, listener: (event: { key: string | null }) => void) =>
      windowListeners.push(listener),
  };
  new Function(...Object.keys(browser), themeScript(["dark", "dark-mode"]))(...Object.values(browser));
  return {
    classes,
    setOsDark(dark: boolean) {
      media.matches = dark;
      for (const listener of media.listeners) listener();
    },
    storeInAnotherTab(value: string) {
      storage.set(THEME_STORAGE_KEY, value);
      for (const listener of windowListeners) listener({ key: THEME_STORAGE_KEY });
    },
  };
}

describe("themeScript", () => {
  it("applies the stored choice, and the OS preference for System or nothing stored", () => {
    expect([...runScript("dark", false).classes]).toEqual(["dark", "dark-mode"]);
    expect([...runScript("light", true).classes]).toEqual([]);
    expect([...runScript("system", true).classes]).toEqual(["dark", "dark-mode"]);
    expect([...runScript(null, true).classes]).toEqual(["dark", "dark-mode"]);
    expect([...runScript(null, false).classes]).toEqual([]);
  });

  it("follows a live OS change with System, and ignores it with a fixed choice", () => {
    const system = runScript("system", false);
    system.setOsDark(true);
    expect([...system.classes]).toEqual(["dark", "dark-mode"]);
    system.setOsDark(false);
    expect([...system.classes]).toEqual([]);

    const light = runScript("light", false);
    light.setOsDark(true);
    expect([...light.classes]).toEqual([]);
  });

  it("applies a choice made in another tab", () => {
    const page = runScript("light", false);
    page.storeInAnotherTab("dark");
    expect([...page.classes]).toEqual(["dark", "dark-mode"]);
  });
});
