"use client";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { z } from "zod";
import { ProtectedGuardProvider } from "@/components/environments/protected-guard";
import { ToastProvider } from "@/components/ui/toast";
import { UnsavedChangesProvider } from "@/components/ui/unsaved-changes";
import { ApiError, fetcher } from "@/lib/dashboard/fetcher";

// The dashboard shares zod schemas with the API (condition checks). zod compiles object
// parsers with `new Function` unless told not to, and merely probing for that breaks the
// Content-Security-Policy (no 'unsafe-eval'): the browser parses without it.
z.config({ jitless: true });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        fetcher,
        revalidateOnFocus: false,
        // A refusal (401/403/404) will not change by asking again.
        onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
          if (error instanceof ApiError && error.status < 500) return;
          if (retryCount >= 3) return;
          setTimeout(() => void revalidate({ retryCount }), 1000 * 2 ** retryCount);
        },
      }}
    >
      <ToastProvider>
        <UnsavedChangesProvider>
          <ProtectedGuardProvider>{children}</ProtectedGuardProvider>
        </UnsavedChangesProvider>
      </ToastProvider>
    </SWRConfig>
  );
}
