/**
 * The plan document on the plan page: its file name, size and upload time with View and Download
 * links (the tenancy-checked GET /api/o/{org}/plans/{plan}/document, with the session), a form to upload or replace it
 * (PDF only) and a Remove button. Plain forms; no JavaScript needed.
 */
import { Form, useNavigation } from "react-router";
import { FormAlert, secondaryButton } from "~/ui/styles";
import { formatDateTime } from "~/prior-auths/ui/decision";
import { fileInputClass } from "./plan-form-fields";

interface PlanDocument {
  filename: string;
  byte_size: number;
  uploaded_at: string;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function PlanDocumentCard({ document, href, error }: { document: PlanDocument | null; href: string; error?: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && ["upload_document", "remove_document"].includes(String(navigation.formData?.get("intent")));
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="plan-document" aria-labelledby="plan-document-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="plan-document-heading" className="text-sm font-semibold text-slate-900">
            Plan document
          </h2>
          {document ? (
            <p className="mt-1 text-sm text-slate-700">
              <span className="font-medium" data-testid="plan-document-name">
                {document.filename}
              </span>
              <span className="text-slate-500">
                {" "}
                · PDF, {size(document.byte_size)} · uploaded {formatDateTime(document.uploaded_at)}
              </span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-500">No plan document yet. Upload the plan&apos;s PDF (summary of benefits or formulary document).</p>
          )}
        </div>
        {document && (
          <div className="flex flex-wrap gap-2">
            <a href={href} target="_blank" rel="noreferrer" className={secondaryButton}>
              View
            </a>
            <a href={`${href}?download=1`} className={secondaryButton} download>
              Download
            </a>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="remove_document" />
              <button type="submit" className={`${secondaryButton} text-red-700`} disabled={busy}>
                Remove
              </button>
            </Form>
          </div>
        )}
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-center gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="upload_document" />
        <label htmlFor="plan-document-file" className="sr-only">
          {document ? "Replace plan document" : "Plan document PDF"}
        </label>
        <input id="plan-document-file" type="file" name="file" accept="application/pdf,.pdf" className={`${fileInputClass} w-auto max-w-sm`} />
        <button type="submit" className={secondaryButton} disabled={busy}>
          {document ? "Replace" : "Upload"}
        </button>
      </Form>
      <FormAlert message={error} />
    </section>
  );
}
