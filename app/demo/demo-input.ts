/**
 * The one input schema of a demo run (POST /api/demo/{org}/run and the demo page's form): which
 * demo kind, and which bundled example fax. An upload (`file`, fax_simulation) is read beside it.
 */
import { z } from "zod";
import { DEMO_KINDS } from "./demo-kinds";

export const RunDemoInputSchema = z.object({
  kind: z.enum(DEMO_KINDS, { error: `kind must be one of ${DEMO_KINDS.join(", ")}` }).default("intake"),
  fax_id: z
    .string()
    .trim()
    .max(64, "fax_id is too long")
    .regex(/^[a-z0-9-]+$/, "fax_id is not an example fax")
    .optional(),
});
export type RunDemoInput = z.infer<typeof RunDemoInputSchema>;
