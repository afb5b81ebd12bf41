/**
 * Copies the StructureDefinitions of the HL7 Da Vinci PAS 2.2.1 package (CC0-1.0, in
 * ../shared/fhir/davinci-pas-2.2.1/) into app/fhir/pas-package/structure-definitions.json, the one
 * file the PAS validator (app/fhir/pas-validator.server.ts) loads at run time. Narrative, differential
 * and mappings are dropped (the validator reads only the snapshots); nothing else is changed.
 *
 *   npx tsx scripts/build-pas-profiles.ts [package-dir]
 */
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve(process.argv[2] ?? "../shared/fhir/davinci-pas-2.2.1");
const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name: string; version: string };
const entries = fs
  .readdirSync(dir)
  .filter((f) => f.startsWith("StructureDefinition-") && f.endsWith(".json"))
  .sort()
  .map((f) => {
    const { text: _text, differential: _differential, mapping: _mapping, ...sd } = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
    return { resource: sd };
  });
const out = path.resolve("app/fhir/pas-package/structure-definitions.json");
fs.writeFileSync(
  out,
  JSON.stringify({ resourceType: "Bundle", type: "collection", meta: { tag: [{ code: `${pkg.name}#${pkg.version}` }] }, entry: entries }) + "\n",
);
console.log(`${entries.length} StructureDefinitions of ${pkg.name}#${pkg.version} → ${path.relative(process.cwd(), out)}`);
