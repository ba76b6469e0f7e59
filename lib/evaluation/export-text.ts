/**
 * The evaluation report as plain-text tables for a terminal (`clinaudit evaluate --format
 * text`): the same numbers and formats as the results page.
 */
import type { EvaluationReport } from "./report-types";
import {
  accuracyLabel,
  accuracyPm,
  itemNoun,
  replyCases,
  boundsPp,
  bootstrapLabel,
  breakdownLabel,
  findPair,
  groupValues,
  inSentence,
  MISSING,
  pct,
  pValue,
  signedPp,
  thousands,
} from "./report-format";

function grid(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function section(title: string, rows: readonly (readonly string[])[]): string {
  return rows.length > 1 ? `${title}\n${grid(rows)}\n` : "";
}

export function evaluationText(r: EvaluationReport): string {
  const { models, scopes } = r.predictions;
  const parts: string[] = [
    `Model evaluation${r.dataset.name ? ` on ${r.dataset.name}` : ""}: ${thousands(r.dataset.items)} ${itemNoun(r)}, ` +
      `${thousands(r.dataset.patients)} patients, ${thousands(r.predictions.rows)} predictions; patient-clustered bootstrap, ${bootstrapLabel(r)}; baseline ${r.options.baseline}\n`,
  ];
  parts.push(
    section(`${accuracyLabel(r)} (%), ± half-width (pp)`, [
      ["model", ...scopes],
      ...models.map((m) => [
        m,
        ...scopes.map((s) => {
          const a = findPair(r.accuracy, m, s);
          return a ? `${accuracyPm(a.accuracy)} ${boundsPp(a.accuracy)}` : "-";
        }),
      ]),
    ]),
  );
  parts.push(
    section(`Against ${r.options.baseline} (pp, paired on common cases)`, [
      ["model", "scope", "n", "difference", "CI", "p"],
      ...r.deltas.map((d) => [
        d.model,
        d.scope,
        thousands(d.cases),
        signedPp(d.difference?.estimate ?? null),
        d.difference ? boundsPp(d.difference) : MISSING,
        pValue(d.pValue),
      ]),
    ]),
  );
  parts.push(
    section("DP1 vs DP2+ (%)", [
      ["model", "scope", "DP1", "n", "DP2+", "n", "difference", "CI", "p"],
      ...r.decisionPoints.map((p) => [
        p.model,
        p.scope,
        pct(p.first.accuracy),
        thousands(p.first.total),
        pct(p.later.accuracy),
        thousands(p.later.total),
        signedPp(p.difference?.estimate ?? null),
        p.difference ? boundsPp(p.difference) : MISSING,
        pValue(p.pValue),
      ]),
    ]),
  );
  parts.push(
    section("Conversations (%)", [
      ["model", "scope", "content", "source", "paired", "sample mean", "all correct", "cascade gap"],
      ...r.conversations.map((c) => [
        c.model,
        c.scope,
        accuracyPm(c.intervals.content),
        accuracyPm(c.intervals.source),
        accuracyPm(c.intervals.paired),
        pct(c.paired.sampleMean),
        pct(c.paired.sampleAllCorrect),
        signedPp(c.cascade.gap.content),
      ]),
    ]),
  );
  for (const [name, entries] of [
    [breakdownLabel(r), r.chapters],
    ["Evidence level", r.levels],
  ] as const) {
    const values = groupValues(entries);
    const rows = models.flatMap((m) =>
      values.map((v) => [
        `${m} · ${v}`,
        ...scopes.map((s) => {
          const g = findPair(entries, m, s)?.groups.find((x) => x.value === v);
          return g ? `${accuracyPm(g.accuracy)} (n=${g.total})` : "-";
        }),
      ]),
    );
    parts.push(section(`By ${inSentence(name)} (%)`, [[`model · ${inSentence(name)}`, ...scopes], ...rows]));
  }
  if (r.replies)
    parts.push(
      section(`Raw replies (${r.replies.format}): unparseable ones are scored wrong`, [
        ["model", "scope", "rule", "replies", "unparseable", "items"],
        ...r.replies.entries.map((e) => [
          e.model,
          e.scope,
          e.rule,
          thousands(e.replies),
          thousands(e.unparseable),
          replyCases(e.cases) || MISSING,
        ]),
      ]),
    );
  return parts.filter((p) => p !== "").join("\n");
}
