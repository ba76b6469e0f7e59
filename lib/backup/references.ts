// The cross-record rules of a backup, checked while it streams past: ids unique per table, every
// reference pointing at a record earlier in the file, ratings and labels inside the audit's
// rubric, and the dataset's declared counts matching its rows. Only compact indexes are kept.
import { splitRatingKey } from "../audits/item-dimensions";
import { foldEmail, hasLookAlike } from "../auth/email";
import { parseRubric } from "../audits/rubric";
import type {
  AssignmentRecord,
  AuditItemRecord,
  AuditRecord,
  BackupRecord,
  DatasetRecord,
  ItemRecord,
  PatientRecord,
  UserRecord,
} from "./format";

/** Reports one problem at a path inside the current record. */
export type Report = (path: string, message: string) => void;

export class ReferenceIndex {
  private readonly ids = new Map<string, Set<string>>();
  private readonly patientExternal = new Set<string>();
  private readonly itemExternal = new Set<string>();
  private readonly sampled = new Set<string>();
  private readonly sampleOrders = new Set<number>();
  private readonly pairs = new Set<string>();
  readonly users = new Map<string, UserRecord>();
  dataset: DatasetRecord | null = null;
  audit: AuditRecord | null = null;
  private rubric = new Map<string, Set<string>>();
  private perTurn = new Set<string>();
  readonly rows = { patients: 0, events: 0, notes: 0, items: 0 };

  check(record: BackupRecord, report: Report): void {
    switch (record.type) {
      case "dataset":
        this.dataset = record;
        return;
      case "patient":
        this.patient(record, report);
        return;
      case "item":
        this.item(record, report);
        return;
      case "user":
        // Matched to accounts by folded email: a look-alike would land on another person's account.
        if (hasLookAlike(record.email))
          report("email", `the account ${JSON.stringify(record.email)} has characters that look like other letters`);
        if (this.users.has(foldEmail(record.email))) report("email", `the account ${record.email} is listed twice`);
        this.users.set(foldEmail(record.email), record);
        return;
      case "audit":
        this.auditRecord(record, report);
        return;
      case "auditItem":
        this.auditItem(record, report);
        return;
      case "assignment":
        this.assignment(record, report);
        return;
      case "trail":
        this.unique("trail", record.id, report);
        if (record.actor !== null) this.person(record.actor, "actor", report);
        return;
      case "access":
        this.unique("access", record.id, report);
        this.person(record.user, "user", report);
        if (record.item !== null && !this.itemExternal.has(record.item))
          report("item", `no item ${JSON.stringify(record.item)} in the file's dataset`);
        if (record.auditItem !== null && !this.has("auditItem", record.auditItem))
          report("auditItem", `no auditItem record with id ${JSON.stringify(record.auditItem)}`);
        return;
    }
  }

  /** Checks at the end of the file: what the dataset declares against what was read. */
  finish(report: (field: string, message: string) => void): void {
    const d = this.dataset;
    if (!d) return;
    const declared = { patients: d.patientCount, events: d.eventCount, notes: d.noteCount, items: d.itemCount };
    for (const [what, n] of Object.entries(declared)) {
      const read = this.rows[what as keyof typeof declared];
      if (read !== n) report(`dataset.${what.slice(0, -1)}Count`, `the dataset declares ${n} ${what} but the file holds ${read}`);
    }
  }

  private unique(table: string, id: string, report: Report, path = "id"): void {
    let set = this.ids.get(table);
    if (!set) this.ids.set(table, (set = new Set()));
    if (set.has(id)) report(path, `duplicate ${table} id ${JSON.stringify(id)}`);
    set.add(id);
  }

  private has(table: string, id: string): boolean {
    return this.ids.get(table)?.has(id) ?? false;
  }

  private person(email: string, path: string, report: Report): void {
    if (!this.users.has(foldEmail(email))) report(path, `${email} is not among the file's user records`);
  }

  private patient(p: PatientRecord, report: Report): void {
    this.rows.patients++;
    this.rows.events += p.events.length;
    this.rows.notes += p.notes.length;
    this.unique("patient", p.id, report);
    if (this.patientExternal.has(p.externalId)) report("externalId", `duplicate patient ${JSON.stringify(p.externalId)}`);
    this.patientExternal.add(p.externalId);
    const eventIds = new Set<string>();
    p.events.forEach((e, i) => {
      this.unique("event", e.id, report, `events[${i}].id`);
      if (eventIds.has(e.eventId)) report(`events[${i}].eventId`, `duplicate event ${JSON.stringify(e.eventId)} of this patient`);
      eventIds.add(e.eventId);
    });
    const noteNums = new Set<number>();
    p.notes.forEach((n, i) => {
      this.unique("note", n.id, report, `notes[${i}].id`);
      if (noteNums.has(n.noteNum)) report(`notes[${i}].noteNum`, `duplicate note ${n.noteNum} of this patient`);
      noteNums.add(n.noteNum);
    });
  }

  private item(item: ItemRecord, report: Report): void {
    this.rows.items++;
    this.unique("item", item.id, report);
    if (!this.has("patient", item.patient)) report("patient", `no patient record with id ${JSON.stringify(item.patient)} before this item`);
    if (this.itemExternal.has(item.externalId)) report("externalId", `duplicate item ${JSON.stringify(item.externalId)}`);
    this.itemExternal.add(item.externalId);
  }

  private auditRecord(audit: AuditRecord, report: Report): void {
    this.audit = audit;
    const rubric = parseRubric(audit.rubric);
    this.rubric = new Map(rubric.map((d) => [d.key, new Set(d.categories.map((c) => c.key))]));
    this.perTurn = new Set(rubric.filter((d) => d.perTurn).map((d) => d.key));
    this.person(audit.createdBy, "createdBy", report);
    if (audit.adjudicator) this.person(audit.adjudicator, "adjudicator", report);
    audit.raterOrder.forEach((e, i) => this.person(e, `raterOrder[${i}]`, report));
    const cal = audit.calibration;
    if (!cal) return;
    const practice = new Set(cal.items.map((i) => i.id));
    cal.items.forEach((i, n) => {
      if (!this.itemExternal.has(i.item)) report(`calibration.items[${n}].item`, `no item ${JSON.stringify(i.item)} in the file's dataset`);
      for (const [d, c] of Object.entries(i.key)) this.label(d, c, `calibration.items[${n}].key`, report);
    });
    cal.rounds.forEach((r, n) => {
      this.person(r.startedBy, `calibration.rounds[${n}].startedBy`, report);
      r.raters?.forEach((e, k) => this.person(e, `calibration.rounds[${n}].raters[${k}]`, report));
      r.ratings.forEach((x, k) => {
        const path = `calibration.rounds[${n}].ratings[${k}]`;
        this.person(x.user, `${path}.user`, report);
        if (!practice.has(x.item)) report(`${path}.item`, `no practice item with id ${JSON.stringify(x.item)}`);
        for (const [d, c] of Object.entries(x.labels)) this.label(d, c, `${path}.labels`, report);
      });
    });
  }

  /** The rubric dimension a rating key names: "gold", or "gold@t3" for a per-turn dimension. */
  private dimensionOf(ratingKey: string): string | null {
    const { key, turnOrder } = splitRatingKey(ratingKey);
    return this.rubric.has(key) && (turnOrder !== null) === this.perTurn.has(key) ? key : null;
  }

  /**
   * Checks a stored label against the rubric. Ratings name a per-turn dimension per turn, and so
   * does an adjudication's final labels; they may also name it for the whole item (`wholeItem`),
   * as saveAdjudication stored them for conversations before adjudication was per turn.
   */
  private label(dimension: string, category: string, path: string, report: Report, wholeItem = false): void {
    if (!this.audit) return; // the audit record itself was refused: no rubric to check against
    const key = wholeItem && this.perTurn.has(dimension) ? dimension : this.dimensionOf(dimension);
    const categories = key === null ? undefined : this.rubric.get(key);
    if (!categories) report(path, `${JSON.stringify(dimension)} is not a dimension of the audit's rubric`);
    else if (!categories.has(category))
      report(path, `${JSON.stringify(category)} is not a category of the dimension ${JSON.stringify(dimension)}`);
  }

  private auditItem(a: AuditItemRecord, report: Report): void {
    this.unique("auditItem", a.id, report);
    if (!this.itemExternal.has(a.item)) report("item", `no item ${JSON.stringify(a.item)} in the file's dataset`);
    if (this.sampled.has(a.item)) report("item", `the item ${JSON.stringify(a.item)} is sampled twice`);
    this.sampled.add(a.item);
    if (this.sampleOrders.has(a.sampleOrder)) report("sampleOrder", `duplicate sample order ${a.sampleOrder}`);
    this.sampleOrders.add(a.sampleOrder);
    for (const [i, m] of (a.messages ?? []).entries()) {
      this.unique("threadMessage", m.id, report, `messages[${i}].id`);
      this.person(m.author, `messages[${i}].author`, report);
    }
    const adj = a.adjudication;
    if (!adj) return;
    this.unique("adjudication", adj.id, report, "adjudication.id");
    this.person(adj.adjudicator, "adjudication.adjudicator", report);
    for (const [dimension, category] of Object.entries(adj.finalLabels))
      this.label(dimension, category, `adjudication.finalLabels.${dimension}`, report, true);
  }

  private assignment(a: AssignmentRecord, report: Report): void {
    this.unique("assignment", a.id, report);
    if (!this.has("auditItem", a.auditItem))
      report("auditItem", `no auditItem record with id ${JSON.stringify(a.auditItem)} before this assignment`);
    this.person(a.user, "user", report);
    const pair = `${a.auditItem}\0${a.user.toLowerCase()}`;
    if (this.pairs.has(pair)) report("user", `${a.user} is assigned this item twice`);
    this.pairs.add(pair);
    const dimensions = new Set<string>();
    a.ratings.forEach((r, i) => {
      this.unique("rating", r.id, report, `ratings[${i}].id`);
      if (dimensions.has(r.dimension)) report(`ratings[${i}].dimension`, `a second rating on ${JSON.stringify(r.dimension)}`);
      dimensions.add(r.dimension);
      if (r.category !== null) this.label(r.dimension, r.category, `ratings[${i}].category`, report);
      else if (this.audit && this.dimensionOf(r.dimension) === null)
        report(`ratings[${i}].dimension`, `${JSON.stringify(r.dimension)} is not a dimension of the audit's rubric`);
    });
    const kinds = new Set<string>();
    a.corrections.forEach((c, i) => {
      this.unique("correction", c.id, report, `corrections[${i}].id`);
      const key = `${c.kind}\0${c.turnOrder}`;
      if (kinds.has(key)) report(`corrections[${i}].kind`, `a second ${c.kind} correction on turn ${c.turnOrder}`);
      kinds.add(key);
      if (c.decision) {
        this.unique("correctionDecision", c.decision.id, report, `corrections[${i}].decision.id`);
        this.person(c.decision.adjudicator, `corrections[${i}].decision.adjudicator`, report);
      }
    });
  }
}
