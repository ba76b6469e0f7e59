import "server-only";
import { foldEmail } from "../../auth/email";
import type { AccessRecord, AssignmentRecord, AuditItemRecord, BackupPlan, BackupRecord, TrailRecord } from "../../backup";
import type { RestoredUsers, Tx } from "./restore-users";
import { writeCalibration } from "./calibration";

const BATCH = 500;
const at = (iso: string) => new Date(iso);
const atOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

/**
 * The audit's own rows, collected as the file streams past (they are small next to the dataset)
 * and written once the dataset's rows are in: the audit, its items and adjudications, the
 * assignments with their comments, ratings, corrections and decisions — ids, versions and
 * timestamps as in the backup — and the audit's trail, kept as history: each event with its time,
 * actor, action and before/after as recorded, under a new row id (the trail is append-only; an
 * event id of another instance must not collide with one here).
 */
export class AuditRows {
  private readonly auditItems: AuditItemRecord[] = [];
  private readonly assignments: AssignmentRecord[] = [];
  private readonly trail: TrailRecord[] = [];
  private readonly access: AccessRecord[] = [];

  constructor(
    private readonly plan: BackupPlan,
    private readonly people: RestoredUsers,
  ) {}

  add(r: BackupRecord): void {
    if (r.type === "auditItem") this.auditItems.push(r);
    else if (r.type === "assignment") this.assignments.push(r);
    else if (r.type === "trail") this.trail.push(r);
    else if (r.type === "access") this.access.push(r);
  }

  private person(email: string): string {
    const id = this.people.ids.get(foldEmail(email));
    if (!id) throw new Error(`no account for ${email}`); // validation checked every reference
    return id;
  }

  async write(tx: Tx, datasetId: string, itemIds: Map<string, string>): Promise<void> {
    const a = this.plan.audit;
    const auditId = a.id;
    await tx.audit.create({
      data: {
        id: auditId,
        name: a.name,
        datasetId,
        status: a.status,
        rubric: a.rubric as object,
        sampleSize: a.sampleSize,
        seed: a.seed,
        strata: a.strata,
        sampling: a.sampling as object,
        populationSize: a.populationSize,
        design: a.design,
        ratersPerItem: a.ratersPerItem,
        shareResults: a.shareResults,
        adjudicatorId: a.adjudicator ? this.person(a.adjudicator) : null,
        raterOrder: a.raterOrder.map((e) => this.person(e)),
        createdById: this.person(a.createdBy),
        createdAt: at(a.createdAt),
        openedAt: atOrNull(a.openedAt),
        closedAt: atOrNull(a.closedAt),
        ...(a.calibration ? { calibrationPassPercent: a.calibration.passPercent, calibrationGate: a.calibration.gate } : {}),
        ...(a.modelDesign !== undefined ? { modelDesign: a.modelDesign as object } : {}),
      },
    });
    const itemId = (externalId: string) => {
      const id = itemIds.get(externalId);
      if (!id) throw new Error(`the dataset here has no item ${externalId}`);
      return id;
    };
    if (a.calibration) await writeCalibration(tx, auditId, a.calibration, (e) => this.person(e), itemId);
    await many(
      this.auditItems.map((i) => ({
        id: i.id,
        auditId,
        itemId: itemId(i.item),
        sampleOrder: i.sampleOrder,
        ...(i.modelStratum !== undefined ? { modelStratum: i.modelStratum } : {}),
      })),
      (data) => tx.auditItem.createMany({ data }),
    );
    const adjudications = this.auditItems.flatMap((i) => (i.adjudication ? [{ ...i.adjudication, auditItemId: i.id }] : []));
    await many(
      adjudications.map((j) => ({
        id: j.id,
        auditItemId: j.auditItemId,
        auditId,
        adjudicatorId: this.person(j.adjudicator),
        finalLabels: j.finalLabels,
        rationale: j.rationale,
        removeItem: j.removeItem,
        decidedAt: at(j.decidedAt),
        updatedAt: at(j.updatedAt),
      })),
      (data) => tx.adjudication.createMany({ data }),
    );
    await many(
      this.auditItems.flatMap((i) =>
        (i.messages ?? []).map((m) => ({
          id: m.id,
          auditId,
          auditItemId: i.id,
          authorId: this.person(m.author),
          text: m.text,
          createdAt: at(m.createdAt),
        })),
      ),
      (data) => tx.threadMessage.createMany({ data }),
    );
    await many(
      this.assignments.map((s) => ({
        id: s.id,
        auditId,
        auditItemId: s.auditItem,
        userId: this.person(s.user),
        active: s.active,
        assignedAt: at(s.assignedAt),
        withdrawnAt: atOrNull(s.withdrawnAt),
        comment: s.comment,
        commentVersion: s.commentVersion,
        lastActivityAt: atOrNull(s.lastActivityAt),
        reviewPosition: s.reviewPosition ?? null,
        activeMs: s.activeMs ?? 0,
        flagged: s.flagged ?? false,
      })),
      (data) => tx.assignment.createMany({ data }),
    );
    const ratings = this.assignments.flatMap((s) =>
      s.ratings.map((r) => ({ ...r, assignmentId: s.id, createdAt: at(r.createdAt), updatedAt: at(r.updatedAt) })),
    );
    await many(ratings, (data) => tx.rating.createMany({ data }));
    const corrections = this.assignments.flatMap((s) => s.corrections.map((c) => ({ ...c, assignmentId: s.id })));
    await many(
      corrections.map(({ decision: _decision, ...c }) => ({ ...c, createdAt: at(c.createdAt), updatedAt: at(c.updatedAt) })),
      (data) => tx.correction.createMany({ data }),
    );
    const decisions = corrections.flatMap((c) => (c.decision ? [{ ...c.decision, correctionId: c.id }] : []));
    await many(
      decisions.map((d) => ({
        id: d.id,
        correctionId: d.correctionId,
        auditId,
        adjudicatorId: this.person(d.adjudicator),
        decision: d.decision,
        rationale: d.rationale,
        decidedAt: at(d.decidedAt),
        // A JSON column takes no plain null: leave it out and the column stays NULL.
        ...(d.applied === null ? {} : { applied: d.applied as object }),
      })),
      (data) => tx.correctionDecision.createMany({ data }),
    );
    await many(
      this.trail.map((e) => ({
        at: at(e.at),
        actorId: e.actor === null ? null : this.person(e.actor),
        action: e.action,
        entity: e.entity,
        entityId: e.entityId,
        ...(e.before === null ? {} : { before: e.before as object }),
        ...(e.after === null ? {} : { after: e.after as object }),
      })),
      (data) => tx.auditEvent.createMany({ data }),
    );
    // Access events too keep their history under new row ids (append-only, like the trail).
    await many(
      this.access.map((e) => ({
        at: at(e.at),
        userId: this.person(e.user),
        action: e.action,
        patient: e.patient,
        itemExternalId: e.item,
        datasetId,
        auditId: e.audit ? auditId : null,
        itemId: e.item === null ? null : (itemIds.get(e.item) ?? null),
        auditItemId: e.auditItem,
        detail: e.detail,
        address: e.address,
      })),
      (data) => tx.accessEvent.createMany({ data }),
    );
  }
}

async function many<T>(rows: T[], write: (batch: T[]) => PromiseLike<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}
