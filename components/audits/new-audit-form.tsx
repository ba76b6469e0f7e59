"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { createAuditAction, previewSampleAction } from "@/app/audits/actions";
import { DEFAULT_RUBRIC, type Rubric } from "@/lib/audits/rubric";
import { Button } from "../ui/button";
import { SelectField, TextField } from "../ui/field";
import { CompositionTable, type Composition } from "./composition-table";
import { RubricEditor } from "./rubric-editor";

const STRATA = [
  { key: "chapter", label: "Chapter / category" },
  { key: "level", label: "Evidence level" },
  { key: "decisionPoint", label: "Decision point (DP1 / DP2+)" },
] as const;
type Stratum = (typeof STRATA)[number]["key"];

export function NewAuditForm({ datasets, initialDatasetId, initialSeed }: { datasets: { id: string; label: string; itemCount: number }[]; initialDatasetId?: string; initialSeed: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [datasetId, setDatasetId] = useState(initialDatasetId ?? datasets[0]?.id ?? "");
  const [name, setName] = useState("");
  const [size, setSize] = useState("100");
  const [seed, setSeed] = useState(initialSeed);
  const [strata, setStrata] = useState<Stratum[]>([]);
  const [rubric, setRubric] = useState<Rubric>(DEFAULT_RUBRIC);
  const [preview, setPreview] = useState<{ composition: Composition; frameSize: number; frameChecksum: string; size: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const request = { datasetId, size, seed, strata };
  const onPreview = () =>
    start(async () => {
      const r = await previewSampleAction(request);
      if (r.ok) {
        setPreview(r.data);
        setError(null);
        setFieldErrors({});
      } else {
        setPreview(null);
        setError(r.error);
        setFieldErrors(r.fieldErrors ?? {});
      }
    });
  const onCreate = () =>
    start(async () => {
      const r = await createAuditAction({ ...request, name, rubric });
      if (r.ok) router.push(`/audits/${r.data.id}`);
      else {
        setError(r.error);
        setFieldErrors(r.fieldErrors ?? {});
      }
    });
  const changed = () => setPreview(null);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <TextField label="Audit name" name="name" value={name} onChange={(e) => setName(e.target.value)} error={fieldErrors.name} placeholder="e.g. ObGyn gold-answer audit, round 1" />
        <SelectField label="Dataset" name="datasetId" value={datasetId} onChange={(e) => { setDatasetId(e.target.value); changed(); }} error={fieldErrors.datasetId}>
          {datasets.map((d) => <option key={d.id} value={d.id}>{d.label} ({d.itemCount.toLocaleString("en")} items)</option>)}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Sample size" name="size" inputMode="numeric" value={size} onChange={(e) => { setSize(e.target.value); changed(); }} error={fieldErrors.size} />
          <TextField label="Seed" name="seed" value={seed} onChange={(e) => { setSeed(e.target.value); changed(); }} error={fieldErrors.seed} hint="The same dataset, size, strata and seed always draw the same sample." />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Stratify by (proportional allocation)</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {STRATA.map((s) => (
              <label key={s.key} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={strata.includes(s.key)} onChange={(e) => { setStrata(e.target.checked ? [...strata, s.key] : strata.filter((x) => x !== s.key)); changed(); }} />
                {s.label}
              </label>
            ))}
          </div>
        </fieldset>
        <RubricEditor value={rubric} onChange={setRubric} />
        {error && <p role="alert" className="text-sm text-red-700">{error}{Object.keys(fieldErrors).some((k) => k.startsWith("rubric")) ? ` (${Object.entries(fieldErrors).filter(([k]) => k.startsWith("rubric")).map(([k, v]) => `${k}: ${v}`).join("; ")})` : ""}</p>}
        <div className="flex gap-3">
          <Button type="button" variant="secondary" onClick={onPreview} disabled={pending}>Draw sample</Button>
          <Button type="button" onClick={onCreate} disabled={pending || !preview}>Create audit</Button>
        </div>
        {!preview && <p className="text-xs text-slate-600">Draw the sample to see its composition before creating the audit.</p>}
      </section>
      <section aria-labelledby="composition-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="composition-heading" className="text-base font-semibold">Sample composition</h2>
        {preview ? (
          <>
            <p className="mt-1 text-sm text-slate-600" data-testid="sample-summary">
              {preview.size} of {preview.frameSize.toLocaleString("en")} items · frame checksum {preview.frameChecksum.slice(0, 12)}…
            </p>
            <CompositionTable composition={preview.composition} />
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No sample drawn yet.</p>
        )}
      </section>
    </div>
  );
}
