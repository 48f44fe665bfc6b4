"use client";
// Short confirmations after an action, bottom right, announced politely; a reversible action
// carries an Undo button. Each toast goes away by itself or with its close button.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { failureMessage } from "@/lib/dashboard/failure";

export type ToastInput = { message: string; action?: { label: string; onClick: () => void | Promise<void> } };
type Toast = ToastInput & { id: number };

const TOAST_MS = 6000;
const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

/** Shows a toast: `toast({ message, action: { label: "Undo", onClick } })`. */
export const useToast = () => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: ToastInput) => {
      const id = nextId.current++;
      // The newest three are enough; older ones make room.
      setToasts((list) => [...list.slice(-2), { ...toast, id }]);
      setTimeout(() => dismiss(id), toast.action ? TOAST_MS * 1.5 : TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-label="Notifications"
        className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            data-testid="toast"
            className="pointer-events-auto flex items-center gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3 text-sm text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          >
            <span className="flex-1">{toast.message}</span>
            {toast.action && (
              <button
                type="button"
                className="rounded px-2 py-1 font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950"
                onClick={() => {
                  dismiss(toast.id);
                  void (async () => {
                    try {
                      await toast.action!.onClick();
                    } catch (e) {
                      show({ message: failureMessage(e, toast.action!.label.toLowerCase()) });
                    }
                  })();
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button
              type="button"
              aria-label="Dismiss"
              className="rounded px-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
