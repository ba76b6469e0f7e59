import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateEhr, generateEhrBundle } from "./generate";
import { checkRule } from "./rule-checks";
import { CHAPTERS, EVENT_TYPES, type EhrBundle, type EhrInstance, type EhrPatient } from "./types";

const sha = (x: unknown) => createHash("sha256").update(JSON.stringify(x)).digest("hex");
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

const demo = generateEhrBundle({ seed: "demo-test", size: "demo" });
// A broad sample with short notes: enough patients to meet every storyline and rule.
const wide = generateEhrBundle({ seed: "wide", size: "demo", patients: 400, instances: 620 });
const wideZh = generateEhrBundle({ seed: "wide-zh", size: "demo", patients: 150, instances: 230, language: "zh" });

/** Structural invariants; problems are collected (one expect per bundle keeps this fast). */
function structural(bundle: EhrBundle): string[] {
  const bad: string[] = [];
  const check = (cond: boolean, msg: string) => {
    if (!cond && bad.length < 20) bad.push(msg);
  };
  const types = new Set<string>(EVENT_TYPES);
  const patients = new Map(bundle.patients.map((p) => [p.patient_id, p]));
  check(patients.size === bundle.patients.length, "duplicate patient ids");
  for (const p of bundle.patients) {
    const ids = new Set(p.events.map((e) => e.event_id));
    check(ids.size === p.events.length, `${p.patient_id}: duplicate event ids`);
    p.events.forEach((e, i) => {
      check(types.has(e.event_type), `${e.event_id}: type ${e.event_type}`);
      check(ISO.test(e.time), `${e.event_id}: time ${e.time}`);
      check(i === 0 || e.time >= (p.events[i - 1]?.time ?? ""), `${p.patient_id}: events not in time order at ${e.event_id}`);
      check(e.name.length > 0, `${e.event_id}: empty name`);
      const scalar = e.value !== undefined || e.unit !== undefined || e.ref_range !== undefined || e.flag !== undefined;
      check(!(scalar && e.items), `${e.event_id}: both value/flag and items[]`);
    });
  }
  const instIds = new Set<string>();
  const byPatient = new Map<string, EhrInstance[]>();
  for (const inst of bundle.instances) {
    const id = inst.instance_id;
    check(!instIds.has(id), `${id}: duplicate`);
    instIds.add(id);
    const p = patients.get(inst.patient_id);
    if (!p) {
      check(false, `${id}: unknown patient`);
      continue;
    }
    check((CHAPTERS as readonly string[]).includes(inst.chapter), `${id}: chapter ${inst.chapter}`);
    check(inst.options.map((o) => o.label).join("") === "ABCD", `${id}: labels`);
    check(new Set(inst.options.map((o) => o.text)).size === 4, `${id}: duplicate option text`);
    check(
      inst.options.some((o) => o.label === inst.answer),
      `${id}: answer ${inst.answer} not a label`,
    );
    check(ISO.test(inst.cutoff.time), `${id}: cutoff time`);
    const events = new Map(p.events.map((e) => [e.event_id, e]));
    check(inst.evidence_event_ids.length > 0, `${id}: no evidence`);
    for (const ev of inst.evidence_event_ids) {
      const e = events.get(ev);
      check(e !== undefined, `${id}: evidence ${ev} not in patient`);
      check((e?.time ?? "") <= inst.cutoff.time, `${id}: evidence ${ev} after cutoff`);
    }
    // The history continues after every decision point: the viewer must hide it.
    check(
      p.events.some((e) => e.time > inst.cutoff.time),
      `${id}: nothing after cutoff`,
    );
    check(
      p.events.some((e) => e.visit_id === inst.cutoff.visit_id),
      `${id}: cutoff visit unknown`,
    );
    byPatient.set(p.patient_id, [...(byPatient.get(p.patient_id) ?? []), inst]);
  }
  for (const list of byPatient.values()) {
    list.forEach((inst, i) => {
      check(inst.decision_point_index === i + 1, `${inst.instance_id}: index`);
      check(i === 0 || inst.cutoff.time > (list[i - 1]?.cutoff.time ?? ""), `${inst.instance_id}: cutoff not increasing`);
    });
  }
  return bad;
}

describe("ehr-decision-mcq generator", () => {
  it("is deterministic: same seed → identical bytes, other seed → different", () => {
    const again = generateEhrBundle({ seed: "demo-test", size: "demo" });
    expect(sha(again.bundle)).toBe(sha(demo.bundle));
    expect(sha(again.flaws)).toBe(sha(demo.flaws));
    expect(sha(generateEhrBundle({ seed: "other", size: "demo" }).bundle)).not.toBe(sha(demo.bundle));
  });

  it("has the v1 bundle shape and demo sizes", () => {
    const b = demo.bundle;
    expect(b.format).toBe("ehr-decision-mcq");
    expect(b.format_version).toBe("1.0");
    expect(b.dataset).toEqual({ name: "synthetic-obgyn-demo-en", language: "en", synthetic: true });
    expect(b.patients).toHaveLength(24);
    expect(b.instances).toHaveLength(36);
    expect(demo.stats.firstDecisionPoints).toBe(24);
    expect(demo.stats.laterDecisionPoints).toBe(12);
    expect(demo.stats.avgPreDecisionTokens).toBeGreaterThan(2000);
    expect(demo.stats.avgPreDecisionTokens).toBeLessThan(15000);
    const p = b.patients[0] as EhrPatient;
    expect(p.dating.lmp_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.events.length).toBeGreaterThan(100);
  });

  it("keeps ids, cutoffs, options and decision indices valid (en and zh)", () => {
    expect(structural(demo.bundle)).toEqual([]);
    expect(structural(wide.bundle)).toEqual([]);
    expect(structural(wideZh.bundle)).toEqual([]);
  });

  it("makes every unflawed instance's rule hold in the data, across all chapters", () => {
    for (const { bundle, flaws } of [demo, wide, wideZh]) {
      const flawed = new Set(flaws.map((f) => f.instance_id));
      const patients = new Map(bundle.patients.map((p) => [p.patient_id, p]));
      for (const inst of bundle.instances) {
        if (flawed.has(inst.instance_id)) continue;
        expect(checkRule(inst, patients.get(inst.patient_id) as EhrPatient), `${inst.instance_id} ${inst.rule_id}`).toBeNull();
      }
    }
    const chapters = new Set(wide.bundle.instances.map((i) => i.chapter));
    expect([...chapters].sort()).toEqual([...CHAPTERS].sort());
    const rules = new Set([...wide.bundle.instances, ...wideZh.bundle.instances].map((i) => i.rule_id));
    expect(rules.size).toBeGreaterThanOrEqual(20);
    expect(new Set(wide.bundle.instances.map((i) => i.evidence_level))).toEqual(new Set(["L1", "L2", "L3"]));
  });

  it("rule checks reject evidence that does not support the rule (negative control)", () => {
    const patients = new Map(wide.bundle.patients.map((p) => [p.patient_id, p]));
    const icp = wide.bundle.instances.find((i) => i.rule_id === "ICP-DX-01") as EhrInstance;
    const p = patients.get(icp.patient_id) as EhrPatient;
    const weight = p.events.find((e) => e.event_type === "vital_sign" && e.time <= icp.cutoff.time) as { event_id: string };
    expect(checkRule({ ...icp, evidence_event_ids: [weight.event_id] }, p)).not.toBeNull();
    expect(checkRule({ ...icp, evidence_event_ids: ["E9999999"] }, p)).toBe("evidence id not found");
    const broken = wide.flaws.filter((f) => f.flaw === "wrong_evidence" || f.flaw === "missing_evidence");
    const failing = broken.filter((f) => {
      const inst = wide.bundle.instances.find((i) => i.instance_id === f.instance_id) as EhrInstance;
      return checkRule(inst, patients.get(inst.patient_id) as EhrPatient) !== null;
    });
    expect(failing.length).toBeGreaterThan(broken.length / 3);
  });

  it("writes Chinese record text for language zh", () => {
    const p = wideZh.bundle.patients[0] as EhrPatient;
    const notes = p.events.filter((e) => e.event_type === "clinical_note");
    expect(notes.every((n) => /[\u4e00-\u9fff]/.test(n.text ?? ""))).toBe(true);
    expect(p.events.some((e) => e.name === "血常规")).toBe(true);
    expect(wideZh.bundle.instances.every((i) => /[\u4e00-\u9fff]/.test(i.question))).toBe(true);
  });

  it("plants the configured fraction of flaws and lists them only in the manifest", () => {
    const clean = generateEhrBundle({ seed: "wide", size: "demo", patients: 400, instances: 620, flawRate: 0 });
    expect(clean.flaws).toHaveLength(0);
    expect(wide.flaws.length).toBeGreaterThanOrEqual(Math.floor(620 * 0.08) - 1);
    expect(wide.flaws.length).toBeLessThanOrEqual(Math.ceil(620 * 0.08) + 1);
    expect(JSON.stringify(wide.bundle)).not.toContain("wrong_gold");
    const base = new Map(clean.bundle.instances.map((i) => [i.instance_id, i]));
    const now = new Map(wide.bundle.instances.map((i) => [i.instance_id, i]));
    const kinds = new Set<string>();
    for (const f of wide.flaws) {
      kinds.add(f.flaw);
      const a = base.get(f.instance_id) as EhrInstance;
      const b = now.get(f.instance_id) as EhrInstance;
      expect(a && b).toBeTruthy();
      if (f.flaw === "wrong_gold") expect(b.answer).not.toBe(a.answer);
      if (f.flaw === "ambiguous_stem") {
        expect(b.question).not.toBe(a.question);
        expect(b.answer).toBe(a.answer);
      }
      if (f.flaw === "missing_evidence") expect(b.evidence_event_ids.length).toBe(a.evidence_event_ids.length - 1);
      if (f.flaw === "wrong_evidence") {
        expect(b.evidence_event_ids).not.toEqual(a.evidence_event_ids);
        expect(b.evidence_event_ids.length).toBe(a.evidence_event_ids.length);
      }
    }
    expect(kinds.size).toBe(4);
    // Unflawed instances are untouched by flaw planting.
    const flawed = new Set(wide.flaws.map((f) => f.instance_id));
    for (const [id, inst] of now) if (!flawed.has(id)) expect(inst).toEqual(base.get(id));
  });

  it("streams patients one at a time and sizes full-style records near 30K tokens", () => {
    const it = generateEhr({ seed: "stream", size: "full" });
    const first = it.next();
    expect(first.done).toBe(false);
    expect(first.value?.patient.patient_id).toBe("SYN-P0001");
    it.return(undefined);
    const sample = generateEhrBundle({ seed: "full-sample", size: "full", patients: 40 });
    expect(sample.bundle.instances.length).toBe(Math.round((40 * 1500) / 976));
    expect(sample.stats.avgPreDecisionTokens).toBeGreaterThan(18000);
    expect(sample.stats.avgPreDecisionTokens).toBeLessThan(45000);
    expect(sample.stats.avgEventsPerPatient).toBeGreaterThan(150);
  });
});
