import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateNotes, generateNotesBundle } from "./generate";
import { sectionText } from "./summary";
import { CANONICAL_HEADERS, QA_CATEGORIES, type DischargeNote } from "./types";

const sha = (x: unknown) => createHash("sha256").update(JSON.stringify(x)).digest("hex");
const demo = generateNotesBundle({ seed: "n1", size: "demo" });
const big = generateNotesBundle({ seed: "n2", size: "full", patients: 120 });

describe("notes-chatqa generator", () => {
  it("is deterministic and seed-sensitive", () => {
    expect(sha(generateNotesBundle({ seed: "n1", size: "demo" }).bundle)).toBe(sha(demo.bundle));
    expect(sha(generateNotesBundle({ seed: "n3", size: "demo" }).bundle)).not.toBe(sha(demo.bundle));
  });

  it("has the v1 shape, demo size and full-size proportions", () => {
    expect(demo.bundle.format).toBe("notes-chatqa");
    expect(demo.bundle.format_version).toBe("1.0");
    expect(demo.bundle.dataset.synthetic).toBe(true);
    expect(demo.bundle.patients).toHaveLength(12);
    expect(demo.stats.contentTurns).toBe(100);
    expect(demo.stats.sourceTurns).toBe(100);
    expect(big.stats.contentTurns).toBe(Math.round((120 * 8036) / 967));
  });

  it("numbers notes without gaps and records section spans on canonical headers", () => {
    for (const p of [...demo.bundle.patients, ...big.bundle.patients]) {
      expect(p.notes.length).toBeGreaterThanOrEqual(1);
      expect(p.notes.length).toBeLessThanOrEqual(5);
      p.notes.forEach((n, i) => {
        expect(n.note_num).toBe(i + 1);
        expect(n.note_id).toBe(`${p.subject_id}-DS-${n.note_seq}`);
        expect(n.chartdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (i > 0) expect(n.chartdate > (p.notes[i - 1]?.chartdate ?? "")).toBe(true);
        for (const s of n.sections) {
          expect(CANONICAL_HEADERS).toContain(s.title);
          expect(n.text.slice(s.start, s.start + s.raw_title.length)).toBe(s.raw_title);
          expect(s.end).toBeGreaterThan(s.start + s.raw_title.length);
        }
      });
    }
  });

  it("alternates content and source turns with shared turn_index and five distinct options", () => {
    for (const c of big.bundle.conversations) {
      expect(QA_CATEGORIES).toContain(c.qa_category);
      c.turns.forEach((t, i) => {
        expect(t.turn_order).toBe(i + 1);
        expect(t.turn_type).toBe(i % 2 === 0 ? "content" : "source");
        expect(t.turn_index).toBe(Math.floor(i / 2) + 1);
        const opts = [t.option_a, t.option_b, t.option_c, t.option_d, t.option_e];
        expect(new Set(opts).size).toBe(5);
        expect(["A", "B", "C", "D", "E"]).toContain(t.correct_answer);
      });
    }
  });

  it("puts every unflawed content answer in its gold sections and nowhere else in that note", () => {
    const flawed = new Set(big.flaws.map((f) => f.instance_id.split("/").slice(0, 3).join("/")));
    const patients = new Map(big.bundle.patients.map((p) => [p.subject_id, p]));
    let checked = 0;
    for (const c of big.bundle.conversations) {
      const p = patients.get(c.subject_id);
      for (let i = 0; i < c.turns.length; i += 2) {
        const content = c.turns[i];
        const source = c.turns[i + 1];
        if (!content || !source || flawed.has(`${c.subject_id}/${c.qa_category}/${content.turn_index}`)) continue;
        const answer = content[`option_${content.correct_answer.toLowerCase()}` as "option_a"];
        const gold = source.gold_sources ?? [];
        expect(gold).toHaveLength(1);
        const g = gold[0] as { note_num: number; headers: string[] };
        const note = p?.notes[g.note_num - 1] as DischargeNote;
        const inGold = g.headers.some((h) => sectionText(note, h).includes(answer));
        expect(inGold, `${answer} in ${g.headers.join(",")}`).toBe(true);
        const elsewhere = note.sections.filter((s) => !g.headers.includes(s.title) && note.text.slice(s.start, s.end).includes(answer));
        expect(
          elsewhere.map((s) => s.title),
          `${answer} / ${g.headers.join(",")}`,
        ).toEqual([]);
        // The source option marked correct names exactly the gold note and headers.
        const srcText = source[`option_${source.correct_answer.toLowerCase()}` as "option_a"];
        expect(srcText).toBe(
          `Note #${g.note_num} Chartdate: ${note.chartdate} Headers: ${CANONICAL_HEADERS.filter((h) => g.headers.includes(h)).join(", ")}`,
        );
        for (const o of [source.option_a, source.option_b, source.option_c, source.option_d, source.option_e]) {
          const num = Number(/^Note #(\d+)/.exec(o)?.[1]);
          expect(num).toBeGreaterThanOrEqual(1);
          expect(num).toBeLessThanOrEqual(p?.notes.length ?? 0);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(800);
    expect(new Set(big.bundle.conversations.map((c) => c.qa_category)).size).toBe(8);
  });

  it("lists planted wrong golds in the manifest, about 8% of content turns", () => {
    expect(big.flaws.length).toBeGreaterThan(big.stats.contentTurns * 0.06);
    expect(big.flaws.length).toBeLessThan(big.stats.contentTurns * 0.1);
    const clean = generateNotesBundle({ seed: "n2", size: "full", patients: 120, flawRate: 0 });
    expect(clean.flaws).toHaveLength(0);
    expect(clean.bundle.patients).toEqual(big.bundle.patients);
  });

  it("streams one patient at a time", () => {
    const it = generateNotes({ seed: "s", size: "full" });
    expect(it.next().value?.patient.subject_id).toBe(900001);
    it.return(undefined);
  });
});
