// Values of the wrong type or shape for each kind of wire field, and a table-driven
// "break one field" / "drop one required field" mutation over such specs.
import fc from "fast-check";
import type { Rec } from "./bases";
import { pick, type Gen, type Path, type Target } from "./case";

/** Not a string at all (null included: for required strings). */
export const notString = fc.constantFrom<unknown>(0, 42, -1.5, true, false, null, [], {}, ["x"]);
export const notNonEmptyString = fc.oneof(notString, fc.constant(""));
/** For nullable/optional strings: null is allowed there. */
export const notNullishString = fc.constantFrom<unknown>(42, true, [], {}, ["x"]);
export const badDateTime = fc.constantFrom<unknown>(
  "2031-02-30T09:00:00",
  "2031-13-01T00:00:00",
  "2031-03-01T24:00:00",
  "2031-03-01T09:60:00",
  "2031-03-01T09:00:00+15:00",
  "01/03/2031 09:00",
  "yesterday",
  "",
  "2031-03-01T",
  "2031-03-01T09:00:00ZZ",
  1930122000000,
  null,
  {},
);
export const badDate = fc.constantFrom<unknown>("2031-02-29", "2031-1-6", "06/01/2031", "2031-01-06T00:00:00", "", 20310106, true);
export const badGaDays = fc.constantFrom<unknown>(-1, 401, 1.5, "80", true, {});
export const badPositiveInt = fc.constantFrom<unknown>(0, -1, 1.5, "1", null, true, []);
export const notArray = fc.constantFrom<unknown>("x", 1, {}, null, true);
export const notObject = fc.constantFrom<unknown>("x", 1, [], null, true);
/** A word outside `allowed` (case matters: "l1" is not "L1"). */
export const unknownWord = (allowed: readonly string[]) =>
  fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.constantFrom(...allowed.map((a) => a.toLowerCase()), ...allowed.map((a) => `${a} `)),
    )
    .filter((s) => !allowed.includes(s));

/** Where a field lives in a record (every candidate path) and values that must be refused there. */
export interface FieldSpec {
  role: string;
  paths: (r: Rec) => Path[];
  bad: fc.Arbitrary<unknown>;
}

export const at =
  (...path: Path) =>
  () => [path];
/** `key` of every element of the array at `list`, e.g. each event's time. */
export const each =
  (list: Path, ...rest: Path) =>
  (r: Rec): Path[] => {
    const arr = get(r, list);
    return Array.isArray(arr) ? arr.map((_, k) => [...list, k, ...rest]) : [];
  };
/** `key` of an optional object, when it is there. */
export const inside =
  (obj: Path, key: string) =>
  (r: Rec): Path[] => {
    const o = get(r, obj);
    return o && typeof o === "object" && !Array.isArray(o) ? [[...obj, key]] : [];
  };

export function get(r: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (v, seg) => (v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[seg] : undefined),
    r,
  );
}

export function set(r: Rec, path: Path, value: unknown): void {
  (get(r, path.slice(0, -1)) as Rec)[path[path.length - 1] as string] = value;
}

export function drop(r: Rec, path: Path): void {
  delete (get(r, path.slice(0, -1)) as Rec)[path[path.length - 1] as string];
}

/** Records by role (`records.patients` …); other keys are ignored. */
type Records = Record<string, unknown>;
const recordsOf = (records: Records, role: string): Rec[] => (Array.isArray(records[role]) ? (records[role] as Rec[]) : []);

/** Sets one field of one record (chosen among the specs that apply) to a refused value. */
export function breakField(g: Gen, specs: readonly FieldSpec[], records: Records): Target | undefined {
  const options = specs.flatMap((spec) =>
    recordsOf(records, spec.role).flatMap((r, index) => spec.paths(r).map((path) => ({ spec, index, path, r }))),
  );
  if (options.length === 0) return undefined;
  const { spec, index, path, r } = pick(g, options);
  set(
    r,
    path,
    g(() => spec.bad),
  );
  return { role: spec.role, index, path };
}

/** Deletes one required field of one record. */
export function dropField(g: Gen, required: readonly Omit<FieldSpec, "bad">[], records: Records): Target | undefined {
  const options = required.flatMap((spec) =>
    recordsOf(records, spec.role).flatMap((r, index) => spec.paths(r).map((path) => ({ spec, index, path, r }))),
  );
  if (options.length === 0) return undefined;
  const { spec, index, path, r } = pick(g, options);
  drop(r, path);
  return { role: spec.role, index, path, message: /required field is missing/ };
}

/** The two table-driven mutations over a base whose arrays are named by role. */
export function byField<B extends Records>(fields: readonly FieldSpec[], required: readonly Omit<FieldSpec, "bad">[]) {
  return {
    "wrong type or value": (b: B, g: Gen) => breakField(g, fields, b),
    "required field dropped": (b: B, g: Gen) => dropField(g, required, b),
  };
}
