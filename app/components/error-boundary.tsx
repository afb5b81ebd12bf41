/**
 * Route error boundaries with status handlers (after the Epic Stack's GeneralErrorBoundary).
 *
 * A route's ErrorBoundary replaces only that route's component, so a boundary exported by a page
 * inside the workspace renders within the workspace layout: the navigation stays, and the reviewer
 * gets a helpful page instead of a bare error. `WorkspaceErrorBoundary` is that boundary for
 * /o/{org}/... pages; `RootErrorBoundary` is the last resort outside the workspace (unknown
 * top-level paths, sign-in pages), with links home and to sign in.
 *
 * Internal details never reach the page in production: an unexpected error shows a generic message
 * (the server log has the stack; see handleError in entry.server.tsx).
 */
import { isRouteErrorResponse, Link, useParams, useRouteError, type ErrorResponse } from "react-router";

type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => React.ReactNode;

/**
 * Renders the handler for the thrown Response's status (`statusHandlers[404]`), else
 * `defaultStatusHandler`; anything that is not a Response goes to `unexpectedErrorHandler`.
 */
export function StatusErrorBoundary({
  statusHandlers = {},
  defaultStatusHandler,
  unexpectedErrorHandler,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  defaultStatusHandler: StatusHandler;
  unexpectedErrorHandler: (error: unknown) => React.ReactNode;
}) {
  const error = useRouteError();
  const params = useParams();
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  if (isRouteErrorResponse(error)) return <>{(statusHandlers[error.status] ?? defaultStatusHandler)({ error, params })}</>;
  return <>{unexpectedErrorHandler(error)}</>;
}

function devMessage(error: unknown): string | null {
  return import.meta.env.DEV && error instanceof Error ? error.message : null;
}

function ErrorPanel({ code, title, children, actions }: { code: string; title: string; children: React.ReactNode; actions: React.ReactNode }) {
  return (
    <div className="mx-auto my-10 max-w-xl rounded-lg border border-slate-200 bg-white px-8 py-12 text-center" role="alert" data-testid="error-page">
      <p className="text-sm font-semibold tracking-wide text-indigo-600">{code}</p>
      <h1 className="mt-2 text-xl font-semibold text-slate-900">{title}</h1>
      <div className="mt-2 text-sm text-slate-600">{children}</div>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3 text-sm">{actions}</div>
    </div>
  );
}

const primary = "rounded-md bg-indigo-600 px-3 py-2 font-medium text-white hover:bg-indigo-500";
const secondary = "rounded-md border border-slate-300 px-3 py-2 font-medium text-slate-700 hover:bg-slate-50";

/** Boundary for pages inside the workspace (/o/{org}/...): rendered within the application shell. */
export function WorkspaceErrorBoundary() {
  return (
    <StatusErrorBoundary
      statusHandlers={{
        404: ({ params }) => (
          <ErrorPanel
            code="404"
            title="We could not find that page"
            actions={
              <>
                <Link className={primary} to={`/o/${params.orgId}/prior-auths`}>
                  Go to prior auths
                </Link>
                <Link className={secondary} to={`/o/${params.orgId}/dashboard`}>
                  Dashboard
                </Link>
              </>
            }
          >
            <p>The record may have been deleted, the link may be mistyped, or it belongs to an organization you are not a member of.</p>
          </ErrorPanel>
        ),
      }}
      defaultStatusHandler={({ error, params }) => (
        <ErrorPanel
          code={String(error.status)}
          title={
            error.status === 400 ? "That request could not be processed" : error.status === 403 ? "You do not have access to this" : "Something went wrong"
          }
          actions={
            <Link className={primary} to={`/o/${params.orgId}/prior-auths`}>
              Go to prior auths
            </Link>
          }
        >
          <p>
            {typeof error.data === "string" && error.data && error.status < 500
              ? error.data
              : "Please try again. If it keeps happening, contact your administrator."}
          </p>
        </ErrorPanel>
      )}
      unexpectedErrorHandler={(error) => (
        <ErrorPanel
          code="Error"
          title="Something went wrong"
          actions={
            <a className={primary} href="">
              Reload the page
            </a>
          }
        >
          <p>{devMessage(error) ?? "An unexpected error occurred. Nothing you entered was lost on the server; please try again."}</p>
        </ErrorPanel>
      )}
    />
  );
}

/** Last-resort boundary (the root route): unknown top-level paths and errors outside the workspace. */
export function RootErrorBoundary() {
  const links = (
    <>
      <a className={primary} href="/">
        Go home
      </a>
      <a className={secondary} href="/login">
        Sign in
      </a>
    </>
  );
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <StatusErrorBoundary
        statusHandlers={{
          404: () => (
            <ErrorPanel code="404" title="Page not found" actions={links}>
              <p>
                The page you are looking for does not exist. If you followed a link to a case, sign in first: cases are only shown to members of their
                organization.
              </p>
            </ErrorPanel>
          ),
        }}
        defaultStatusHandler={({ error }) => (
          <ErrorPanel code={String(error.status)} title={`Error ${error.status}`} actions={links}>
            <p>{error.statusText || "The request could not be completed."}</p>
          </ErrorPanel>
        )}
        unexpectedErrorHandler={(error) => (
          <ErrorPanel code="Error" title="Something went wrong" actions={links}>
            <p>{devMessage(error) ?? "An unexpected error occurred."}</p>
          </ErrorPanel>
        )}
      />
    </main>
  );
}
