/**
 * Toasts: top-centre, close after 5 s (PRODUCT-SPEC §9 "Toast auto-close 5000 ms").
 * Server toasts (see toast.server.ts) arrive as `serverToast`; client code calls `useToast()`.
 * Without JavaScript a CSS animation hides the toast after the same 5 s.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";

export const TOAST_DURATION_MS = 5000;

export interface ClientToast {
  id: string;
  type: "success" | "error" | "info";
  message: string;
}

interface ToastApi {
  show(message: string, type?: ClientToast["type"]): void;
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The client toast API: `const toast = useToast(); toast.success("Saved")`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() must be used inside <ToastProvider>");
  return api;
}

/** Provides `useToast()` and renders the toast stack; `serverToast` is shown once per id. */
export function ToastProvider({ serverToast, children }: { serverToast?: ClientToast | null; children: React.ReactNode }) {
  const [toasts, setToasts] = useState<ClientToast[]>(serverToast ? [serverToast] : []);

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, type: ClientToast["type"] = "info") => {
    const id = Math.random().toString(36).slice(2);
    setToasts((list) => [...list, { id, type, message }]);
  }, []);

  useEffect(() => {
    if (serverToast) setToasts((list) => (list.some((t) => t.id === serverToast.id) ? list : [...list, serverToast]));
  }, [serverToast]);

  const api = useMemo<ToastApi>(
    () => ({ show, dismiss, success: (m) => show(m, "success"), error: (m) => show(m, "error"), info: (m) => show(m, "info") }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <style>{`@keyframes toast-autohide{to{opacity:0;visibility:hidden}}.toast-autohide{animation:toast-autohide .3s ease-in ${TOAST_DURATION_MS}ms forwards}`}</style>
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={() => dismiss(t.id)} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

const STYLES: Record<ClientToast["type"], string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

function ToastItem({ toast, onClose }: { toast: ClientToast; onClose(): void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast={toast.type}
      className={`toast-autohide pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${STYLES[toast.type]}`}
    >
      <span className="flex-1">{toast.message}</span>
      <button type="button" onClick={onClose} className="text-current/60 hover:text-current" aria-label="Dismiss notification">
        ×
      </button>
    </div>
  );
}
