import "server-only";
import type { Db } from "../db/client";

// The trail stores ids; an admin reads names. The records an event is about and the ids inside
// its before/after are resolved for a whole page of events at once: one query per kind of
// record, never one per event. Raw ids stay in the rows (and the CSV) beside the names.

/** Who or what a trail event is about, in parts the interface words (item → "item DP-0001"). */
export interface TrailSubject {
  user?: string;
  audit?: string;
  item?: string;
  dataset?: string;
  invitation?: string;
  predictionSet?: string;
  correction?: string;
}

interface EventRef {
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** Keys inside before/after whose values are ids of this kind of record. */
const ID_KEYS: Record<string, "user" | "dataset" | "audit" | "invitation"> = {
  userId: "user",
  adjudicatorId: "user",
  clinicianId: "user",
  clinicians: "user",
  clinicianIds: "user",
  datasetId: "dataset",
  auditId: "audit",
  invitationId: "invitation",
};

function collectIds(value: unknown, into: Record<"user" | "dataset" | "audit" | "invitation", Set<string>>) {
  if (!value || typeof value !== "object") return;
  for (const [key, inner] of Object.entries(value)) {
    const kind = ID_KEYS[key];
    if (kind && typeof inner === "string") {
      into[kind].add(inner);
    } else if (kind && Array.isArray(inner)) {
      for (const id of inner) if (typeof id === "string") into[kind].add(id);
    } else if (typeof inner === "object") {
      collectIds(inner, into);
    }
  }
}

const person = (u: { name: string; email: string }) => `${u.name} <${u.email}>`;

/** Names for the subjects of `events` and for every id their before/after carries. */
export async function resolveTrailNames(db: Db, events: EventRef[]) {
  const of = (entity: string) => [...new Set(events.filter((e) => e.entity === entity).map((e) => e.entityId))];
  const refs = {
    user: new Set(of("User")),
    dataset: new Set(of("Dataset")),
    audit: new Set(of("Audit")),
    invitation: new Set(of("Invitation")),
  };
  for (const e of events) {
    collectIds(e.before, refs);
    collectIds(e.after, refs);
  }
  const itemOf = { select: { externalId: true } } as const;
  const [users, datasets, audits, invitations, assignments, auditItems, corrections, predictionSets] = await Promise.all([
    refs.user.size ? db.user.findMany({ where: { id: { in: [...refs.user] } }, select: { id: true, name: true, email: true } }) : [],
    refs.dataset.size
      ? db.dataset.findMany({ where: { id: { in: [...refs.dataset] } }, select: { id: true, name: true, version: true } })
      : [],
    refs.audit.size ? db.audit.findMany({ where: { id: { in: [...refs.audit] } }, select: { id: true, name: true } }) : [],
    refs.invitation.size
      ? db.invitation.findMany({ where: { id: { in: [...refs.invitation] } }, select: { id: true, email: true, name: true } })
      : [],
    of("Assignment").length
      ? db.assignment.findMany({
          where: { id: { in: of("Assignment") } },
          select: {
            id: true,
            user: { select: { name: true, email: true } },
            auditItem: { select: { audit: { select: { name: true } }, item: itemOf } },
          },
        })
      : [],
    of("AuditItem").length
      ? db.auditItem.findMany({
          where: { id: { in: of("AuditItem") } },
          select: { id: true, audit: { select: { name: true } }, item: itemOf },
        })
      : [],
    of("Correction").length
      ? db.correction.findMany({
          where: { id: { in: of("Correction") } },
          select: {
            id: true,
            kind: true,
            assignment: {
              select: {
                user: { select: { name: true, email: true } },
                auditItem: { select: { audit: { select: { name: true } }, item: itemOf } },
              },
            },
          },
        })
      : [],
    of("PredictionSet").length
      ? db.predictionSet.findMany({ where: { id: { in: of("PredictionSet") } }, select: { id: true, name: true } })
      : [],
  ]);

  const names = new Map<string, string>();
  for (const u of users) names.set(u.id, person(u));
  for (const d of datasets) names.set(d.id, `${d.name} v${d.version}`);
  for (const a of audits) names.set(a.id, a.name);
  for (const i of invitations) names.set(i.id, i.name ?? i.email ?? i.id);

  const subjects = new Map<string, TrailSubject>();
  const key = (entity: string, id: string) => `${entity}:${id}`;
  for (const u of users) subjects.set(key("User", u.id), { user: person(u) });
  for (const d of datasets) subjects.set(key("Dataset", d.id), { dataset: names.get(d.id)! });
  for (const a of audits) subjects.set(key("Audit", a.id), { audit: a.name });
  for (const i of invitations) subjects.set(key("Invitation", i.id), { invitation: names.get(i.id)! });
  for (const a of assignments)
    subjects.set(key("Assignment", a.id), { audit: a.auditItem.audit.name, item: a.auditItem.item.externalId, user: person(a.user) });
  for (const a of auditItems) subjects.set(key("AuditItem", a.id), { audit: a.audit.name, item: a.item.externalId });
  for (const c of corrections)
    subjects.set(key("Correction", c.id), {
      audit: c.assignment.auditItem.audit.name,
      item: c.assignment.auditItem.item.externalId,
      user: person(c.assignment.user),
      correction: c.kind,
    });
  for (const p of predictionSets) subjects.set(key("PredictionSet", p.id), { predictionSet: p.name });

  return {
    subjectOf: (e: { entity: string; entityId: string }): TrailSubject | null => subjects.get(key(e.entity, e.entityId)) ?? null,
    /** before/after as a person reads it: each known id under a known key replaced by its name. */
    readable: (value: unknown): unknown => replaceIds(value, names),
    /** The ids of one event that have names, for tooltips and the CSV. */
    namesIn: (e: EventRef): Record<string, string> => {
      const ids = { user: new Set<string>(), dataset: new Set<string>(), audit: new Set<string>(), invitation: new Set<string>() };
      collectIds(e.before, ids);
      collectIds(e.after, ids);
      return Object.fromEntries(
        [...ids.user, ...ids.dataset, ...ids.audit, ...ids.invitation].filter((id) => names.has(id)).map((id) => [id, names.get(id)!]),
      );
    },
  };
}

function replaceIds(value: unknown, names: Map<string, string>, key?: string): unknown {
  if (typeof value === "string") return key && ID_KEYS[key] ? (names.get(value) ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => replaceIds(v, names, key));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIds(v, names, k)]));
  return value;
}
