"use client";
import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { ToastProvider } from "@/components/ui/toast";
import { ApiError, fetcher } from "@/lib/dashboard/fetcher";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus={false}>
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
        <ToastProvider>{children}</ToastProvider>
      </SWRConfig>
    </SessionProvider>
  );
}
