/**
 * The claim page's case bar: the regulatory clock (urgency, due time, on time or overdue) and who is
 * working the claim, with "Assign to me" / "Unassign" as on the Cases queue (posts intent assign or
 * unassign to the claim page; works before JavaScript loads).
 */
import { Form, useNavigation } from "react-router";
import { Badge } from "~/prior-auths/ui/badges";
import { formatDateTime } from "~/prior-auths/ui/decision";

export interface ClaimCaseBarProps {
  urgency: string;
  dueAt: string;
  /** every service line finally determined (the clock no longer runs) */
  determined: boolean;
  assignee: { id: string; username: string } | null;
  userId: string;
  /** may assign (cases.write) */
  canAssign: boolean;
  /** ISO time the page was rendered, so server and browser agree on "overdue" */
  now: string;
}

/** See the module comment. */
export function ClaimCaseBar({ urgency, dueAt, determined, assignee, userId, canAssign, now }: ClaimCaseBarProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && ["assign", "unassign"].includes(String(navigation.formData?.get("intent") ?? ""));
  const expedited = urgency === "expedited";
  const overdue = !determined && new Date(dueAt).getTime() < new Date(now).getTime();
  const mine = assignee?.id === userId;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm shadow-xs"
      data-testid="claim-case-bar"
    >
      <div className="flex flex-wrap items-center gap-2 text-slate-700" data-testid="regulatory-clock">
        {expedited ? <Badge tone="red">Expedited (72 h)</Badge> : <Badge tone="slate">Standard (7 days)</Badge>}
        <span>
          Due <time dateTime={dueAt}>{formatDateTime(dueAt)}</time>
        </span>
        {determined ? null : overdue ? <Badge tone="red">Overdue</Badge> : <Badge tone="green">On time</Badge>}
      </div>
      <Form method="post" className="flex items-center gap-2" data-testid="claim-assignee">
        <span className="text-slate-500">Assignee</span>
        <span className={assignee ? "font-medium text-slate-900" : "text-slate-400"} data-testid="assignee">
          {mine ? "You" : (assignee?.username ?? "Unassigned")}
        </span>
        {canAssign &&
          (mine ? (
            <button
              type="submit"
              name="intent"
              value="unassign"
              disabled={busy}
              className="text-xs font-medium text-slate-500 hover:text-slate-800 disabled:opacity-50"
            >
              Unassign
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="assign"
              disabled={busy}
              className="text-xs font-medium text-indigo-600 hover:text-indigo-800 disabled:opacity-50"
            >
              Assign to me
            </button>
          ))}
      </Form>
    </div>
  );
}
