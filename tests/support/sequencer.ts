/**
 * Test file order: vitest's own (files that failed last time first, then longest last time first),
 * except that a file vitest has no timing for yet — every file in a fresh clone, as in CI — is
 * placed by HEAVY below instead of by its size in bytes. Vitest otherwise starts the largest files
 * first, and the corpus sets (tiny files that each decide a whole plan's cases, OCR included) would
 * start last and leave one core busy alone at the end of the run.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * files known to take long, longest first (a guess is only an order). Measured in a full run on
 * 2026-11-29 (per-file durations with hooks, vitest's default reporter): the corpus sets, then the
 * files that took more than about 110 s on a loaded machine — a property test of the whole engine,
 * the CMS-1500 scans (tesseract.js), two-worker fault tests and the integration files that start the
 * app (then a Vite dev server each) and send hundreds of requests.
 * Started first, none of them is left running alone on one core at the end of the run.
 */
const HEAVY: RegExp[] = [
  /app\/evaluation\/corpus(?:-claims)?\/[^/]+\.test\.ts$/,
  /tests\/integration\/(bad-input|role-matrix|fault-two-workers|fhir-pas-submit)\.test\.ts$/,
  /app\/clinical\/pipeline\/safety-invariants\.test\.ts$/,
  /tests\/integration\/(public-side|tenancy|team|claim-prompts|duplicate-upload)\.test\.ts$/,
  /app\/clinical\/extract\/cms1500(-claims-set)?\.test\.ts$/,
  /tests\/integration\/(plan-extraction-job|claims|plan-document|webhooks|fhir-pas-update|auth-codes|policy-changed-rerun|intake)\.test\.ts$/,
];

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (f: TestSpecification) => Boolean(this.ctx.cache.getFileTestResults(`${f.project.name}:${relativeId(this.ctx.config.root, f.moduleId)}`));
    if (sorted.every(known)) return sorted;
    const rank = (f: TestSpecification) => {
      const i = HEAVY.findIndex((re) => re.test(f.moduleId.replaceAll("\\", "/")));
      return i === -1 ? HEAVY.length : i;
    };
    // stable: within one rank vitest's order stays
    return sorted
      .map((f, i) => ({ f, i, r: known(f) ? HEAVY.length : rank(f) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.f);
  }
}

function relativeId(root: string, id: string): string {
  const r = root.endsWith("/") ? root : `${root}/`;
  return id.startsWith(r) ? id.slice(r.length) : id;
}
