/**
 * Settings → PBM Configuration: the sandbox PBM is active; every live PBM opens the scheduling modal
 * (`?schedule=<id>`), since live connections are set up with the integration team (app/pbm).
 * The scheduling link is DEMO_SCHEDULING_URL; without it the modal says scheduling is not configured.
 */
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/pbm-configuration";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { PageHeader } from "~/components/page";
import { PBM_CATALOG } from "~/pbm/pbm-catalog";
import { Modal, withoutParams } from "~/ui/modal";
import { primaryButton, secondaryButton } from "~/ui/styles";

export const meta: Route.MetaFunction = () => [{ title: "PBM Configuration · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOrgMember(request, params.orgId, "member");
  const url = process.env.DEMO_SCHEDULING_URL;
  return { pbms: PBM_CATALOG, schedulingUrl: url && /^https:\/\//.test(url) ? url : null };
}

export default function PbmConfiguration({ loaderData }: Route.ComponentProps) {
  const { pbms, schedulingUrl } = loaderData;
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const scheduling = pbms.find((p) => p.id === search.get("schedule") && !p.sandbox);
  const closeTo = `${location.pathname}${withoutParams(search, "schedule")}`;
  return (
    <div className="space-y-6">
      <PageHeader title="PBM Configuration" description="Where formulary, quantity-limit and step-therapy checks come from." />
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
        {pbms.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-4 px-4 py-3" data-testid="pbm-row">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {p.name}
                {p.sandbox && (
                  <span className="ml-2 rounded-md bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset">
                    Active
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-500">{p.description}</p>
            </div>
            {p.sandbox ? (
              <span className="text-sm text-slate-500">Connected</span>
            ) : (
              <Link to={`?schedule=${p.id}`} preventScrollReset className={secondaryButton}>
                Connect
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Modal open={Boolean(scheduling)} title={`Connect ${scheduling?.name ?? ""}`} closeTo={closeTo} size="sm" testId="schedule-modal">
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            Live {scheduling?.name} connections are set up with our integration team: credentials, eligibility files and ePA routing are agreed on a 30-minute
            call.
          </p>
          {schedulingUrl ? (
            <div className="flex justify-end gap-2">
              <Link to={closeTo} className={secondaryButton}>
                Close
              </Link>
              <a href={schedulingUrl} target="_blank" rel="noreferrer noopener" className={primaryButton}>
                Schedule a call
              </a>
            </div>
          ) : (
            <>
              <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
                Call scheduling is not configured on this instance (DEMO_SCHEDULING_URL). Ask your administrator.
              </p>
              <div className="flex justify-end">
                <Link to={closeTo} className={secondaryButton}>
                  Close
                </Link>
              </div>
            </>
          )}
        </div>
      </Modal>
    </div>
  );
}
