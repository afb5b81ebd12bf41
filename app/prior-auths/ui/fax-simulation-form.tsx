/**
 * Fax Simulation: upload a fax PDF, preview it in the browser, 'Submit prior auth'. A plain
 * multipart POST (works before JavaScript); the server answers 'Please upload a PDF file' for a
 * missing or non-PDF file, and the browser checks the same before submitting.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { PdfViewer } from "./pdf-viewer";
import { FormAlert, primaryButton, secondaryButton, Spinner } from "~/ui/styles";
import { Link } from "react-router";

export const PDF_REQUIRED = "Please upload a PDF file";

function isPdf(file: File) {
  return file.type === "application/pdf" || file.name.toLowerCase().endsWith(".pdf");
}

/**
 * `fileField` is the multipart name of the file ("file" for prior auths, "fax.file" for claims);
 * `submitLabel` and `help` word the form for the kind of case it creates.
 */
export function FaxSimulationForm({
  serverError,
  cancelTo,
  fileField = "file",
  submitLabel = "Submit prior auth",
  help = "A faxed prior authorization request (PDF only, up to 25 MB). Scanned pages are read with OCR.",
  hiddenFields = {},
  duplicate = null,
}: {
  serverError?: string | null;
  /** the server found a case with this very file: offer to open it, or to create anyway */
  duplicate?: { href: string; received_at: string; patient_name: string | null; medication_name: string | null } | null;
  cancelTo: string;
  fileField?: string;
  submitLabel?: string;
  help?: string;
  hiddenFields?: Record<string, string>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "fax";
  const error = clientError ?? serverError ?? null;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        if (!file || !isPdf(file)) {
          e.preventDefault();
          setClientError(PDF_REQUIRED);
        }
      }}
    >
      <input type="hidden" name="intent" value="fax" />
      {Object.entries(hiddenFields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <FormAlert message={error} />
      {duplicate && !clientError && (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert" data-testid="duplicate-upload">
          <p className="font-semibold">This fax was already received</p>
          <p>
            The same file arrived on{" "}
            {new Date(duplicate.received_at).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })}
            {duplicate.patient_name || duplicate.medication_name ? ` (${[duplicate.patient_name, duplicate.medication_name].filter(Boolean).join(" · ")})` : ""}
            . Open that case, or create a new one if this is a new request.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={duplicate.href} className={primaryButton} data-testid="open-existing-case">
              Open existing case
            </Link>
            <button type="submit" name="create_anyway" value="1" className={secondaryButton} disabled={busy} data-testid="create-anyway">
              Create anyway
            </button>
          </div>
        </div>
      )}
      <div>
        <label htmlFor="fax-file" className="mb-1 block text-sm font-medium text-slate-700">
          Fax PDF
        </label>
        <input
          id="fax-file"
          name={fileField}
          type="file"
          accept="application/pdf,.pdf"
          aria-invalid={error ? true : undefined}
          aria-describedby="fax-file-help"
          className="block w-full cursor-pointer rounded-md border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-600 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-indigo-500"
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0] ?? null;
            if (chosen && !isPdf(chosen)) {
              setFile(null);
              setClientError(PDF_REQUIRED);
              return;
            }
            setClientError(null);
            setFile(chosen);
          }}
        />
        <p id="fax-file-help" className="mt-1 text-xs text-slate-500">
          {help}
        </p>
      </div>
      {file && (
        <div data-testid="fax-preview">
          <p className="mb-1 text-xs font-medium text-slate-500">Preview · {file.name}</p>
          <PdfViewer file={file} label="fax preview" className="max-h-[55vh]" />
        </div>
      )}
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Link to={cancelTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy && <Spinner />}
          {busy ? "Submitting…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
