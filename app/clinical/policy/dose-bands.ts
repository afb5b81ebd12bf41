/**
 * Dose ceilings written as weight bands in one sentence, which no single amount describes:
 *
 *   "Dose does not exceed: adults <= 100 kg, 45 mg; patients > 100 kg, 90 mg; pediatric patients < 60 kg, 0.75 mg/kg"
 *   "45 mg at weeks 0 and 4 then every 12 weeks (90 mg if > 100 kg with coexistent plaque psoriasis)"
 *   "Weight < 30 kg: 200 mg; 30 to < 60 kg: 300 mg; >= 60 kg: 400 mg"
 *
 * The sentence is cut at ";" and parentheses; each piece that states a fixed amount ("45 mg", never
 * "0.75 mg/kg" or "2.4 g/day") is one band, with the weight range its piece names ("<= 100 kg",
 * "60-100 kg", "30 to < 60 kg", "more than 100 kg"), if any. A band whose piece says more than a
 * weight — a diagnosis, "with", "if … and", an age word besides the weight — is marked `qualified`:
 * its condition is not only the weight, so meeting it needs a reviewer.
 */

export interface DoseBand {
  /** the fixed amount per administration, mg */
  mg: number;
  /** the weight range the band applies to, kg (null bound = open); both null = no weight named */
  minKg: number | null;
  maxKg: number | null;
  /** false when the bound itself is excluded ("> 100 kg", "< 60 kg") */
  minInclusive: boolean;
  maxInclusive: boolean;
  /** the band's piece states a condition besides the weight (a diagnosis, "with …", "if … and …") */
  qualified: boolean;
  /** the piece as written */
  text: string;
}

/** a piece that states a dosing schedule of several fixed amounts ("adults: 600 mg once, then 300 mg every 2 weeks") */
export interface DoseSchedule {
  /** the fixed amounts in the order written, mg */
  mg: number[];
  /** the population the piece names, if one */
  population: "adult" | "child" | null;
  text: string;
}

export interface DoseBandReading {
  bands: DoseBand[];
  schedules: DoseSchedule[];
  /** the sentence also states a per-kg amount ("0.75 mg/kg"), for members the fixed bands do not cover */
  perKg: boolean;
}

const KG = String.raw`(\d{1,3}(?:\.\d+)?)\s*(?:kg|kilograms?)\b`;
const RANGE = new RegExp(String.raw`(\d{1,3}(?:\.\d+)?)\s*(?:kg\s*)?(?:-|–|to)\s*(<|≤|<=)?\s*` + KG, "i");
const BELOW = new RegExp(String.raw`(?:(<=|≤|=<)|(<)|\b(?:at most|up to|no more than)\b|\b(less than|under|below)\b)\s*` + KG, "i");
const ABOVE = new RegExp(String.raw`(?:(>=|≥|=>)|(>)|\b(?:at least)\b|\b(more than|greater than|over|above)\b)\s*` + KG, "i");
const FIXED_MG = /(\d{1,4}(?:\.\d+)?)\s*mg\b(?!\s*(?:\/|per\s+(?:kg|m2|day|d)\b))/gi;
const PER_KG = /\d+(?:\.\d+)?\s*mg\s*(?:\/|per\s+)kg\b/i;
/** words that make a band's condition more than a weight */
const QUALIFIER =
  /\b(?:with|without|if|when|only|who|whose|for|plus|history|diagnos\w*|disease|psoriasis|arthritis|colitis|crohn'?s?|asthma|induction|loading|maintenance|escalat\w*|loss of response)\b/i;
/** words that only name who the weight applies to, or connect the parts */
const PLAIN =
  /\b(?:adults?|adult patients?|pediatric(?: patients?)?|children|patients?|members?|weighing|weight|body weight|and|or|of|kg|mg|at|weeks?|then|every|dose|doses|does not exceed|not to exceed|maximum|max)\b/gi;

/**
 * The weight bands of a dose-ceiling sentence (see the module comment); `bands` is empty when the
 * sentence names no fixed amount.
 * @param text the criterion's text as the policy wrote it
 */
export function readDoseBands(text: string): DoseBandReading {
  const perKg = PER_KG.test(text);
  const pieces = text
    .replace(/\(/g, ";")
    .replace(/\)/g, ";")
    .split(/;/)
    .map((p) => p.trim())
    .filter(Boolean);
  const bands: DoseBand[] = [];
  const schedules: DoseSchedule[] = [];
  for (const piece of pieces) {
    const amounts = [...piece.matchAll(FIXED_MG)].map((m) => Number(m[1]));
    // a piece that states two fixed amounts is not one band ("45 mg at weeks 0 and 4, then 90 mg")
    if (amounts.length >= 2 && !/\bkg\b/i.test(piece.replace(PER_KG, " ")))
      schedules.push({
        mg: amounts,
        population: /\b(?:pediatric|children|child)\b/i.test(piece) ? "child" : /\badults?\b/i.test(piece) ? "adult" : null,
        text: piece,
      });
    if (amounts.length !== 1) {
      for (const mg of amounts) bands.push({ mg, minKg: null, maxKg: null, minInclusive: true, maxInclusive: true, qualified: true, text: piece });
      continue;
    }
    const band: DoseBand = { mg: amounts[0], minKg: null, maxKg: null, minInclusive: true, maxInclusive: true, qualified: false, text: piece };
    const noPerKg = piece.replace(/\d+(?:\.\d+)?\s*mg\s*(?:\/|per\s+)kg\b/gi, " ");
    const range = RANGE.exec(noPerKg);
    if (range) {
      band.minKg = Number(range[1]);
      band.maxKg = Number(range[3]);
      band.maxInclusive = range[2] !== "<";
    } else {
      const below = BELOW.exec(noPerKg);
      const above = ABOVE.exec(noPerKg);
      if (below) {
        band.maxKg = Number(below[4]);
        band.maxInclusive = !(below[2] || below[3]);
      }
      if (above) {
        band.minKg = Number(above[4]);
        band.minInclusive = !(above[2] || above[3]);
      }
    }
    // what is left once the weight, the amount and the plain words are gone
    const rest = noPerKg
      .replace(FIXED_MG, " ")
      .replace(RANGE, " ")
      .replace(BELOW, " ")
      .replace(ABOVE, " ")
      .replace(PLAIN, " ")
      .replace(/[\d.,:<>=≤≥–-]+/g, " ")
      .trim();
    band.qualified = QUALIFIER.test(noPerKg) || /[a-z]{4,}/i.test(rest);
    bands.push(band);
  }
  return { bands, schedules, perKg };
}

/**
 * Whether weight `kg` is inside the band's weight range; null when the band names no weight.
 */
export function bandHolds(band: DoseBand, kg: number): boolean | null {
  if (band.minKg == null && band.maxKg == null) return null;
  if (band.minKg != null && (band.minInclusive ? kg < band.minKg : kg <= band.minKg)) return false;
  if (band.maxKg != null && (band.maxInclusive ? kg > band.maxKg : kg >= band.maxKg)) return false;
  return true;
}
