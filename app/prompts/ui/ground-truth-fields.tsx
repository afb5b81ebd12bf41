/**
 * The fields of a 'Create ground truth' form (prior-auth prompt modal, claim code view): the
 * expected output as editable JSON (prefilled with the run's output) and the reviewer's notes.
 * Posted as `expected` and `notes` (storeGroundTruth in ~/prompts/prompts.server).
 */
import { inputClass } from "~/ui/styles";

export function GroundTruthFields({ expected }: { expected: unknown }) {
  return (
    <>
      <label className="block text-xs font-medium text-slate-700">
        Expected output (JSON)
        <textarea name="expected" defaultValue={JSON.stringify(expected, null, 2)} rows={10} className={`${inputClass} mt-1 font-mono text-[11px]`} />
      </label>
      <label className="block text-xs font-medium text-slate-700">
        Notes
        <input name="notes" className={`${inputClass} mt-1`} placeholder="What was corrected and why" />
      </label>
    </>
  );
}
