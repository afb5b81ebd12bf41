/**
 * The setting a measured value is taken in: at rest, during exercise, during sleep, and whether on
 * room air. A home-oxygen policy's "SpO2 at or below 88% at rest while awake, breathing room air" is
 * another requirement than "… during exercise" or "… during sleep": a value counts for a threshold
 * only when it was measured in the setting the threshold names (CMS NCD 240.2 and the DME MAC
 * oxygen LCD L33797 qualify on rest, exercise and sleep tests separately).
 */

export type MeasurementState = "rest" | "exercise" | "sleep";

export interface MeasurementContext {
  /** the value must be taken in one of these states */
  states: MeasurementState[];
  /** the value must be taken breathing room air (no supplemental oxygen) */
  room_air: boolean;
}

const STATE_WORDS: Record<MeasurementState, RegExp> = {
  rest: /\bat rest\b|\bresting\b|\brest,/i,
  exercise: /\bexercis\w*|\bexerti\w*|\bambulat\w*|\bwalk(?:s|ing)?\b|\btreadmill\b/i,
  sleep: /\bsleep(?:ing)?\b|\basleep\b|\bnocturnal\b|\bovernight\b/i,
};
const ROOM_AIR = /\broom air\b|\bon RA\b/i;
/** supplemental oxygen on the line: "on 2 L/min", "2 L nasal cannula", "on oxygen" */
const ON_OXYGEN = /\b\d+(?:\.\d+)?\s*l(?:pm|\/min)?\b(?:\s*(?:nasal cannula|nc|o2|oxygen))?|\bnasal cannula\b|\bon (?:supplemental )?(?:oxygen|o2)\b/i;

/**
 * The measurement setting a policy requirement names, or null when it names none.
 * "taken at rest while awake, breathing room air" → { states: ["rest"], room_air: true };
 * "at rest, during exercise or during sleep" → { states: ["rest", "exercise", "sleep"], room_air: false }.
 */
export function measurementContextOf(text: string): MeasurementContext | null {
  const states = (Object.keys(STATE_WORDS) as MeasurementState[]).filter((s) => STATE_WORDS[s].test(text));
  const room_air = ROOM_AIR.test(text);
  if (!states.length && !room_air) return null;
  return { states, room_air };
}

/**
 * Was a value read from `line` measured in the setting `ctx`? The line must name one of its states
 * (when it sets any) and no other state, and name room air without supplemental oxygen when it
 * requires room air. A line that names no setting never counts: the setting is not known.
 */
export function measuredIn(line: string, ctx: MeasurementContext): boolean {
  const named = (Object.keys(STATE_WORDS) as MeasurementState[]).filter((s) => STATE_WORDS[s].test(line));
  if (ctx.states.length) {
    if (!named.some((s) => ctx.states.includes(s))) return false;
    if (named.some((s) => !ctx.states.includes(s))) return false;
  }
  if (ctx.room_air && (!ROOM_AIR.test(line) || ON_OXYGEN.test(line.replace(ROOM_AIR, "")))) return false;
  return true;
}

/** "rest, on room air" — the setting in words, for reasons */
export function describeContext(ctx: MeasurementContext): string {
  const s = ctx.states.map((x) => (x === "rest" ? "at rest" : `during ${x}`)).join(" or ");
  return [s, ctx.room_air ? "on room air" : ""].filter(Boolean).join(", ");
}
