/**
 * URL-driven modal. The open state lives in the query string (`?modal=fax`), so the same dialog is
 * reachable without JavaScript: the server renders it inline (Headless UI's Dialog renders in a
 * portal, which only exists in the browser), and once hydrated it is a real Headless UI Dialog with
 * focus trap, Escape and outside-click closing. Closing navigates to `closeTo`.
 */
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Form, Link, useNavigate } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { dangerButton, primaryButton, secondaryButton, Spinner } from "./styles";

const SIZES = { sm: "max-w-md", md: "max-w-xl", lg: "max-w-3xl", xl: "max-w-5xl", full: "max-w-7xl" } as const;

export interface ModalProps {
  open: boolean;
  title: string;
  /** where "close" goes (the current URL without the modal parameters) */
  closeTo: string;
  /** called instead of navigating, for modals whose state is local */
  onClose?: () => void;
  size?: keyof typeof SIZES;
  description?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5" aria-hidden="true">
      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
    </svg>
  );
}

export function Modal({ open, title, closeTo, onClose, size = "md", description, children, testId }: ModalProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const close = () => (onClose ? onClose() : navigate(closeTo, { preventScrollReset: true, replace: true }));
  if (!open) return null;

  const header = (TitleTag: React.ElementType) => (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
      <div>
        <TitleTag className="text-base font-semibold text-slate-900">{title}</TitleTag>
        {description && <div className="mt-0.5 text-sm text-slate-500">{description}</div>}
      </div>
      {hydrated ? (
        <button type="button" onClick={close} className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600" aria-label="Close">
          <CloseIcon />
        </button>
      ) : (
        <Link to={closeTo} className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600" aria-label="Close" preventScrollReset>
          <CloseIcon />
        </Link>
      )}
    </div>
  );

  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-40 overflow-y-auto bg-slate-900/40 p-4 sm:p-8">
        <div role="dialog" aria-modal="true" aria-label={title} data-testid={testId} className={`mx-auto w-full ${SIZES[size]} rounded-xl bg-white shadow-2xl`}>
          {header("h2")}
          <div className="px-5 py-4">{children}</div>
        </div>
      </div>
    );
  }
  return (
    <Dialog open onClose={close} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-4 sm:p-8">
        <DialogPanel data-testid={testId} className={`mx-auto w-full ${SIZES[size]} rounded-xl bg-white shadow-2xl`}>
          {header(DialogTitle)}
          <div className="px-5 py-4">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** `search` without the given keys, as a "?a=b" string ("" when empty). */
export function withoutParams(search: URLSearchParams | string, ...keys: string[]): string {
  const params = new URLSearchParams(search);
  for (const k of keys) params.delete(k);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** `search` with the given keys set (undefined/null deletes), as a "?a=b" string. */
export function withParams(search: URLSearchParams | string, values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined || v === "") params.delete(k);
    else params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * The Cancel / confirm button row of a modal's form: Cancel is a link back to `closeTo` (works
 * without JavaScript), the confirm button submits the surrounding form; while `busy` (the form is
 * submitting) it is disabled and shows a spinner.
 */
export function ConfirmActions({
  closeTo,
  confirmLabel = "Delete",
  danger = true,
  busy = false,
}: {
  closeTo: string;
  confirmLabel?: string;
  danger?: boolean;
  busy?: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={closeTo} className={secondaryButton} preventScrollReset>
        Cancel
      </Link>
      <button type="submit" className={danger ? dangerButton : primaryButton} disabled={busy}>
        {busy && <Spinner />}
        {confirmLabel}
      </button>
    </div>
  );
}

/**
 * A URL-driven "Delete …" confirmation: a small Modal whose form posts `intent=delete` (and `id`
 * when given) to the current route, with the warning line, an optional description of what goes
 * (`detail`), the action's error (`error`, shown as an alert) and Cancel / Delete.
 */
export function DeleteModal({
  open,
  title,
  closeTo,
  testId,
  id,
  message = "Are you sure? This will permanently delete it. So proceed with caution.",
  detail,
  error,
}: {
  open: boolean;
  title: string;
  closeTo: string;
  testId: string;
  /** the record to delete, posted as `id` (omitted: the route's own record) */
  id?: string;
  message?: string;
  detail?: React.ReactNode;
  error?: string | null;
}) {
  return (
    <Modal open={open} title={title} closeTo={closeTo} size="sm" testId={testId}>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="delete" />
        {id !== undefined && <input type="hidden" name="id" value={id} />}
        <p className="text-sm text-slate-700">{message}</p>
        {detail}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <ConfirmActions closeTo={closeTo} />
      </Form>
    </Modal>
  );
}
