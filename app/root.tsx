import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { RootErrorBoundary } from "~/components/error-boundary";
import type { Route } from "./+types/root";
import "./app.css";
import "~/lib/zod-config";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // `<html data-hydrated="true">` once React has taken over the server-rendered page: the end-to-end
  // specs wait for it before typing into a form opened by URL (?modal=...), since a value typed into
  // the server-rendered form before hydration can be reset by it
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** Last-resort boundary: unknown top-level paths and errors outside the workspace (links home / sign in). */
export function ErrorBoundary() {
  return <RootErrorBoundary />;
}
