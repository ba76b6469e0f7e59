export interface Composition {
  frameSize: number;
  sampleSize: number;
  byKey: { key: string; values: { value: string | null; frameCount: number; sampleCount: number; frameShare: number; sampleShare: number; expectedCount: number }[] }[];
}

const LABELS: Record<string, string> = { chapter: "Chapter / category", level: "Evidence level", decisionPoint: "Decision point" };
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Sample against frame, per stratification key: what the organizer checks before opening. */
export function CompositionTable({ composition }: { composition: Composition }) {
  return (
    <div className="mt-4 space-y-5">
      {composition.byKey.map((k) => (
        <table key={k.key} className="w-full text-sm">
          <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">{LABELS[k.key] ?? k.key}</caption>
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1 font-medium">Value</th>
              <th scope="col" className="py-1 text-right font-medium">Sample</th>
              <th scope="col" className="py-1 text-right font-medium">Share</th>
              <th scope="col" className="py-1 text-right font-medium">Frame</th>
              <th scope="col" className="py-1 text-right font-medium">Share</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {k.values.map((v) => (
              <tr key={v.value ?? "∅"}>
                <td className="py-1">{v.value ?? "—"}</td>
                <td className="py-1 text-right tabular-nums">{v.sampleCount}</td>
                <td className="py-1 text-right tabular-nums">{pct(v.sampleShare)}</td>
                <td className="py-1 text-right tabular-nums text-slate-600">{v.frameCount.toLocaleString("en")}</td>
                <td className="py-1 text-right tabular-nums text-slate-600">{pct(v.frameShare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
