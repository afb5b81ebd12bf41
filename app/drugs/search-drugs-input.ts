/** Query of the drug directory search (GET /api/o/{org}/drug_products?search=). */
import { z } from "zod";

export const SearchDrugsInputSchema = z.object({ search: z.string().max(100, "search must be at most 100 characters").optional().default("") });
