/**
 * Compendiums: the drug compendia catalogue as cards (logo, name, description, source), Connect
 * with an access key (`?connect=<id>`; stored encrypted, never shown again) and an on/off toggle for
 * connected ones. Same domain functions as /api/o/{org}/compendium_integrations.
 *
 * The spec's Connect success text ('Connection failed. Please double check your access key…') is
 * the source's inverted branch; success here says it connected (PRODUCT-SPEC §8, a known bug).
 */
import { data, Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/compendiums";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { PageHeader } from "~/components/page";
import { JsonView, useCodeView } from "~/components/code-view";
import { redirectWithToast } from "~/lib/toast.server";
import { connectCompendium, listCompendiumCards, setCompendiumActive } from "~/compendia/manage-compendia.server";
import { ConnectCompendiumInputSchema } from "~/compendia/connect-compendium-input";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { Modal, withoutParams } from "~/ui/modal";
import { FieldError, inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [{ title: "Compendiums · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  return { compendia: await listCompendiumCards(await getDatabase(), organization.id) };
}

/** intent=connect {compendium_id, access_key} | toggle {compendium_id, active}. */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "policies.edit");
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = `/o/${organization.id}/compendiums`;
  const database = await getDatabase();
  try {
    if (intent === "connect") {
      const parsed = ConnectCompendiumInputSchema.safeParse({ compendium_id: form.get("compendium_id") ?? "", access_key: form.get("access_key") ?? "" });
      if (!parsed.success) return data({ fieldErrors: parsed.error.flatten().fieldErrors as Record<string, string[]> }, { status: 422 });
      const card = await connectCompendium(database, organization.id, parsed.data);
      return redirectWithToast(here, { type: "success", message: `Connected to ${card.name}. Its access key is stored encrypted.` });
    }
    if (intent === "toggle") {
      const card = await setCompendiumActive(database, organization.id, String(form.get("compendium_id") ?? ""), form.get("active") === "true");
      return redirectWithToast(here, { type: "success", message: `${card.name} ${card.integration?.active ? "enabled" : "disabled"}` });
    }
  } catch (err) {
    if (isAppError(err)) return data({ error: err.message }, { status: err.status });
    throw err;
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function Compendiums({ loaderData, actionData }: Route.ComponentProps) {
  const { compendia } = loaderData;
  const { codeView } = useCodeView();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const connecting = compendia.find((c) => c.id === search.get("connect"));
  const closeTo = `${location.pathname}${withoutParams(search, "connect")}`;
  const fieldErrors = actionData && "fieldErrors" in actionData ? actionData.fieldErrors : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <PageHeader
        title="Compendiums"
        description="Drug compendia your reviewers may cite for off-label and oncology use. Connect one with the access key from its publisher."
      />
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {codeView ? (
        <JsonView value={{ compendia }} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {compendia.map((c) => (
            <li key={c.id} data-testid="compendium-card" className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
              <div className="flex items-start gap-3">
                {c.logo ? (
                  <img src={c.logo} alt="" width={44} height={44} className="h-11 w-11 shrink-0 rounded-lg" />
                ) : (
                  <div className="h-11 w-11 shrink-0 rounded-lg bg-slate-200" />
                )}
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-slate-900">{c.name}</h2>
                  {c.source_url && (
                    <a href={c.source_url} target="_blank" rel="noreferrer noopener" className="block truncate text-xs text-indigo-600 hover:underline">
                      {new URL(c.source_url).hostname}
                    </a>
                  )}
                </div>
                {c.integration && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="toggle" />
                    <input type="hidden" name="compendium_id" value={c.id} />
                    <input type="hidden" name="active" value={c.integration.active ? "false" : "true"} />
                    <button
                      type="submit"
                      role="switch"
                      aria-checked={c.integration.active}
                      aria-label={`${c.name} ${c.integration.active ? "on" : "off"}`}
                      className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors ${c.integration.active ? "bg-indigo-600" : "bg-slate-300"}`}
                    >
                      <span
                        className={`inline-block h-5 w-5 translate-y-0.5 rounded-full bg-white shadow transition-transform ${c.integration.active ? "translate-x-5.5" : "translate-x-0.5"}`}
                      />
                    </button>
                  </Form>
                )}
              </div>
              <p className="mt-3 flex-1 text-sm text-slate-600">{c.description}</p>
              <div className="mt-4 flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
                {c.integration ? (
                  <span className="text-xs text-slate-500" data-testid="compendium-status">
                    {c.integration.active ? "Connected" : "Connected · off"} · key <span className="whitespace-nowrap">{c.integration.access_key_hint}</span>
                  </span>
                ) : (
                  <span className="text-xs text-slate-400">Not connected</span>
                )}
                <Link to={`?connect=${c.id}`} preventScrollReset className={`${c.integration ? secondaryButton : primaryButton} shrink-0 whitespace-nowrap`}>
                  {c.integration ? "Replace key" : "Connect"}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={Boolean(connecting)}
        title={`Connect ${connecting?.name ?? ""}`}
        closeTo={closeTo}
        size="sm"
        testId="connect-modal"
        description="The key is encrypted before it is stored and is never shown again."
      >
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="connect" />
          <input type="hidden" name="compendium_id" value={connecting?.id ?? ""} />
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">Access key</span>
            <input
              name="access_key"
              type="password"
              required
              autoComplete="off"
              maxLength={2000}
              className={inputClass}
              aria-invalid={fieldErrors?.access_key ? true : undefined}
            />
            <FieldError errors={fieldErrors?.access_key} />
          </label>
          <div className="flex justify-end gap-2">
            <Link to={closeTo} className={secondaryButton} preventScrollReset>
              Cancel
            </Link>
            <button type="submit" className={primaryButton}>
              Connect
            </button>
          </div>
        </Form>
      </Modal>
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
