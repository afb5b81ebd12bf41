import { data } from "react-router";
import type { Route } from "./+types/$kind";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { requestIp } from "~/lib/request-context.server";
import { parseDemoKind } from "~/demo/demo-kinds";
import { listDemoFaxes } from "~/demo/public-demo.server";
import { checkDemoRateLimit, readDemoRunRequest, runDemo, type DemoResult } from "~/demo/run-demo.server";
import { DemoRunner } from "~/demo/ui/demo-runner";

/** /demo/{orgId}/{kind} — intake, eligibility, clinical, audit or fax_simulation; any other kind is 404. */
export function loader({ params }: Route.LoaderArgs) {
  const kind = parseDemoKind(params.kind);
  if (!kind) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return { kind, faxes: listDemoFaxes() };
}

/**
 * POST — runs the demo (the same domain call as POST /api/demo/{orgId}/run), rate-limited per
 * address; the result or the errors come back to the page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    await checkDemoRateLimit(requestIp(context));
    const req = await readDemoRunRequest(request);
    const result: DemoResult = await runDemo(await getDatabase(), params.orgId, {
      ...req,
      input: { ...req.input, kind: parseDemoKind(params.kind) ?? req.input.kind },
    });
    return { result, errors: [] as string[] };
  } catch (err) {
    if (isAppError(err) && err.code === "not_found" && err.message === "Not found") throw new Response("Not Found", { status: 404 });
    if (!isAppError(err)) console.error("[demo] run failed:", err);
    return data(
      { result: null, errors: isAppError(err) ? [err.message, ...err.details] : ["An error occurred"] },
      { status: isAppError(err) ? err.status : 500 },
    );
  }
}

export default function DemoKindPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DemoRunner key={loaderData.kind} kind={loaderData.kind} faxes={loaderData.faxes} result={actionData?.result ?? null} errors={actionData?.errors ?? []} />
  );
}
