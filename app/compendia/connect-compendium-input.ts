/**
 * Input of POST /api/o/{org}/compendium_integrations and of the Connect dialog:
 * `{compendium_id, access_key}` (connect or replace the key), or `{compendium_id, active}` (toggle).
 */
import { z } from "zod";

export const ConnectCompendiumInputSchema = z.object({
  compendium_id: z.string({ error: "compendium_id is required" }).trim().min(1, "compendium_id is required").max(64),
  access_key: z.string({ error: "Access key is required" }).trim().min(1, "Access key is required").max(2000, "Access key must be at most 2000 characters"),
});

export const ToggleCompendiumInputSchema = z.object({
  compendium_id: z.string({ error: "compendium_id is required" }).trim().min(1, "compendium_id is required").max(64),
  active: z.union([z.boolean(), z.enum(["true", "false", "on", "off"]).transform((v) => v === "true" || v === "on")]),
});
