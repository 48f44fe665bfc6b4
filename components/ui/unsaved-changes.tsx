"use client";
// Editors with unsaved edits say so with `useUnsavedChanges(dirty)`. While any does, leaving the
// page asks first: a link inside the dashboard opens a dialog (stay, or leave and lose the edits);
// closing or reloading the tab gets the browser's own question (beforeunload).
import { useRouter } from "next/navigation";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

type Registry = { set: (id: string, dirty: boolean) => void; push: (href: string) => void };
const UnsavedContext = createContext<Registry>({ set: () => {}, push: () => {} });

/** `router.push` for navigation that is not a link (the context switcher): asks first the same way. */
export function useGuardedPush() {
  return useContext(UnsavedContext).push;
}

/** Marks the calling editor as holding unsaved edits while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean) {
  const id = useId();
  const { set } = useContext(UnsavedContext);
  useEffect(() => {
    set(id, dirty);
    return () => set(id, false);
  }, [id, dirty, set]);
}

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const dirtyIds = useRef(new Set<string>());
  const [count, setCount] = useState(0);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  const set = useCallback((id: string, dirty: boolean) => {
    if (dirty) dirtyIds.current.add(id);
    else dirtyIds.current.delete(id);
    setCount(dirtyIds.current.size);
  }, []);
  const push = useCallback(
    (href: string) => (dirtyIds.current.size > 0 ? setLeavingTo(href) : router.push(href)),
    [router],
  );
  const registry = useMemo(() => ({ set, push }), [set, push]);

  useEffect(() => {
    if (count === 0) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers want a value here to show their prompt.
      event.returnValue = "";
    };
    // Links are caught before Next's own handler sees them (capture phase).
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement)) return;
      if (link.target && link.target !== "_self") return;
      if (link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const here = new URL(window.location.href);
      if (url.pathname === here.pathname && url.search === here.search) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(url.pathname + url.search + url.hash);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [count]);

  return (
    <UnsavedContext.Provider value={registry}>
      {children}
      <Dialog
        open={leavingTo !== null}
        title="Leave without saving?"
        onClose={() => setLeavingTo(null)}
        footer={
          <>
            <Button variant="primary" autoFocus onClick={() => setLeavingTo(null)}>
              Stay on this page
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const to = leavingTo!;
                dirtyIds.current.clear();
                setCount(0);
                setLeavingTo(null);
                router.push(to);
              }}
            >
              Leave and discard
            </Button>
          </>
        }
      >
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          This page has edits that are not saved. Leaving discards them.
        </p>
      </Dialog>
    </UnsavedContext.Provider>
  );
}
