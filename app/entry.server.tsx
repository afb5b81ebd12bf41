/**
 * Server rendering entry: React Router's default streaming entry, plus two security rules.
 *  - CSP nonce: server.ts makes a nonce per response, puts it in the Content-Security-Policy header
 *    and in the load context; `<ServerRouter nonce>` gives it to every inline script React Router
 *    emits (hydration data, <Scripts>, <ScrollRestoration>), so script-src needs no 'unsafe-inline'.
 *  - No caching: pages and their data carry patient information (PHI), so every document and
 *    `.data` response is `Cache-Control: no-store` unless a route set its own header.
 */
import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import "~/lib/request-context.server";
import { warmPasValidator } from "~/fhir/pas-validator.server";

export const streamTimeout = 5_000;

/**
 * Start-up work of the web process, run once before it serves (server.ts → createWebApp({ warmUp })
 * → warmUpServerBuild): loads the FHIR PAS validator's definitions (about 7 s of CPU) inside the
 * server build, the module instance the /fhir routes use. Returns what was loaded.
 */
export function warmUp(): { pasProfiles: number } {
  return { pasProfiles: warmPasValidator() };
}

function noStoreUnlessSet(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}

/**
 * Server-side errors worth a log line: unexpected exceptions (with their stack). An ordinary 4xx
 * (a 404 for an unknown id or path, a 400 for a malformed form) is an answer, not a failure, so it
 * is not logged; nor is a request the client already abandoned.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

/** `.data` responses (client navigations and fetchers) are as sensitive as the pages. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  noStoreUnlessSet(response.headers);
  return response;
};

/** Renders a document request (streaming; bots and SPA mode wait for all content). */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  noStoreUnlessSet(responseHeaders);
  const nonce = loadContext?.cspNonce;

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            // Clear the timeout to prevent retaining the closure and memory leak
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);

        responseHeaders.set("Content-Type", "text/html");

        pipe(body);

        resolve(
          new Response(stream, {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Log streaming rendering errors from inside the shell.  Don't log
        // errors encountered during initial shell rendering since they'll
        // reject and get logged in handleDocumentRequest.
        if (shellRendered) {
          console.error(error);
        }
      },
    });
  });
}
