// References an event resource makes that must resolve within the import (pass 1,
// index-records.ts): the encounter it was recorded in, a DiagnosticReport's results. Checked
// once every resource's key is known; a subject's reference is checked with the patients.
import { issueAt, type IssueLog, type Where } from "../issues";
import { list, refOf, type Json } from "./resource";
import { encounterOf } from "./roles";

interface PendingRef {
  where: Where;
  field: string;
  /** The resource type the reference must name. */
  type?: string;
}

export class ReferenceCheck {
  /** Each reference once, where it was first met. */
  private readonly pending = new Map<string, PendingRef>();

  /** The references of event resource `r`, read at `where`. */
  addEvent(r: Json, where: Where): void {
    const encounter = encounterOf(r);
    if (encounter)
      this.expect(
        encounter,
        where,
        r.resourceType === "DocumentReference"
          ? "context.encounter"
          : r.resourceType === "MedicationStatement" || r.resourceType === "MedicationAdministration"
            ? "context.reference"
            : "encounter.reference",
        "Encounter",
      );
    if (r.resourceType === "DiagnosticReport")
      list(r.result).forEach((x, k) => {
        const ref = refOf(x);
        if (ref) this.expect(ref, where, `result[${k}].reference`, "Observation");
      });
  }

  private expect(ref: string, where: Where, field: string, type: string): void {
    if (!this.pending.has(ref)) this.pending.set(ref, { where, field, type });
  }

  /** Each reference names a resource of the import (`has` its key), of the type it must be. */
  check(has: (key: string) => boolean, resolve: (ref: string) => string, log: IssueLog): void {
    for (const [ref, p] of this.pending) {
      const key = resolve(ref);
      if (!has(key)) log.add(issueAt(p.where, p.field, "formats.fhirUnresolved", { ref: JSON.stringify(ref) }));
      else if (p.type && !key.startsWith(`${p.type}/`))
        log.add(
          issueAt(p.where, p.field, "formats.fhirWrongType", {
            ref: JSON.stringify(ref),
            type: String(key.split("/")[0]),
            expected: p.type,
          }),
        );
    }
  }
}
