"use client";
// Protected environments (an Ensign extension): every change the dashboard makes in one asks
// first, in a dialog that names the environment. Outside protected environments it asks nothing.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { api } from "@/lib/dashboard/api-client";
import { useEnvironment } from "@/lib/dashboard/hooks";
import type { Environment } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

type Question = { environment: string; question: ReactNode; confirmLabel: string };
const GuardContext = createContext<(q: Question) => Promise<boolean>>(async () => true);

export function ProtectedGuardProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState<Question | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const answer = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setAsking(null);
  }, []);
  const ask = useCallback((q: Question) => {
    resolver.current?.(false);
    setAsking(q);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const value = useMemo(() => ask, [ask]);

  return (
    <GuardContext.Provider value={value}>
      {children}
      <Dialog
        open={asking !== null}
        title={asking ? `${asking.environment} is protected` : ""}
        onClose={() => answer(false)}
        onSubmit={() => answer(true)}
        footer={
          <>
            <Button onClick={() => answer(false)}>Cancel</Button>
            <Button type="submit" variant="primary" autoFocus>
              {asking?.confirmLabel ?? "Confirm"}
            </Button>
          </>
        }
      >
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="protected-question">
          {asking?.environment} is protected. {asking?.question}
        </p>
      </Dialog>
    </GuardContext.Provider>
  );
}

/**
 * `confirmChange((envName) => question, label)` resolves true at once in an ordinary environment; in a
 * protected one, once the person confirms in the dialog (false if they cancel).
 */
export function useProtectedConfirm(environmentKey: string) {
  const { data: loaded } = useEnvironment(environmentKey);
  const ask = useContext(GuardContext);
  return useCallback(
    async (question: (environmentName: string) => ReactNode, confirmLabel = "Confirm change") => {
      const environment = loaded ?? (await api.get<Environment>(urls.environment(environmentKey)));
      if (!environment.is_protected) return true;
      return ask({ environment: environment.name, question: question(environment.name), confirmLabel });
    },
    [loaded, ask, environmentKey],
  );
}

/** For forms that keep what was typed: the message they show when the person cancelled. */
export class ChangeCancelled extends Error {
  constructor() {
    super("Not saved: the change was cancelled.");
  }
}

/** Inline code for names in the question. */
export const Name = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-zinc-100 px-1 font-mono text-[0.95em] dark:bg-zinc-800">{children}</code>
);
