/**
 * `audit.json` of the reproducibility package: everything a reader needs to see how the numbers
 * were obtained — which benchmark (checksum), which frame and seed, which sampling and ordering
 * algorithms (names and versions), the strata and their allocation (a model-guided design with its
 * prediction set's checksum), the rubric with its declared
 * categories, the assignment plan, the time on task and, with a calibration round, its design
 * (calibration-design.ts) — without a single name or e-mail (raters
 * are R1…Rn, as in every export). Pure; key order is fixed, so the same state gives the same bytes.
 */
import type { AuditReport, AuditSnapshot } from "../types";
import { calibrationDesign } from "./calibration-design";

export const PACKAGE_VERSION = 1;

/** What the server reads beside the snapshot (stored with the audit and its dataset). */
export interface PackageFacts {
  audit: {
    design: string;
    ratersPerItem: number | null;
    createdAt: string;
    openedAt: string | null;
    closedAt: string | null;
    /** The audit's stored sampling record, verbatim (algorithm, frame, allocation, review order…). */
    sampling: unknown;
  };
  dataset: {
    name: string;
    version: number;
    format: string;
    formatVersion: string | null;
    checksum: string;
    timeZone: string;
    itemCount: number;
    patientCount: number;
  };
}

export function auditMetadata(snapshot: AuditSnapshot, report: AuditReport, facts: PackageFacts, files: readonly string[]) {
  const assigned = new Map<string, number>();
  const rated = new Map<string, Set<string>>();
  for (const w of snapshot.work ?? []) assigned.set(w.raterId, (assigned.get(w.raterId) ?? 0) + 1);
  const calibration = calibrationDesign(snapshot);
  for (const r of snapshot.ratings) (rated.get(r.raterId) ?? rated.set(r.raterId, new Set()).get(r.raterId)!).add(r.itemId);
  return {
    packageVersion: PACKAGE_VERSION,
    reportVersion: report.reportVersion,
    audit: {
      id: snapshot.audit.id,
      name: snapshot.audit.name,
      status: snapshot.audit.status,
      createdAt: facts.audit.createdAt,
      openedAt: facts.audit.openedAt,
      closedAt: facts.audit.closedAt,
    },
    dataset: facts.dataset,
    sample: {
      size: snapshot.audit.sampleSize,
      itemsSampled: snapshot.items.length,
      seed: snapshot.audit.seed,
      populationSize: snapshot.audit.populationSize,
      strata: snapshot.audit.strata ?? [],
      sampling: facts.audit.sampling,
      // A model-guided sample's design (strata, N_h, allocation rule, prediction set and its
      // checksum); model-strata.csv holds each item's stratum. Absent for any other sample.
      ...(snapshot.audit.modelDesign ? { modelDesign: snapshot.audit.modelDesign } : {}),
    },
    confidenceLevel: report.audit.confidenceLevel,
    rubric: snapshot.rubric.map((d) => ({
      key: d.key,
      label: d.label,
      categories: d.categories.map((c) => ({ key: c.key, label: c.label })),
      tieCategory: d.tieCategory,
      errorCategory: d.errorCategory ?? null,
    })),
    assignmentPlan: {
      design: facts.audit.design,
      ratersPerItem: facts.audit.ratersPerItem,
      reviewOrder: snapshot.audit.reviewOrder ?? null,
      raters: snapshot.raters.map((r) => ({
        rater: r.label,
        assignedItems: assigned.get(r.id) ?? 0,
        ratedItems: rated.get(r.id)?.size ?? 0,
      })),
    },
    timeOnTask: report.audit.timeOnTask ?? null,
    // Only with a calibration round: practice items, keys, pass rule, mode and rounds.
    ...(calibration ? { calibration } : {}),
    files,
  };
}
