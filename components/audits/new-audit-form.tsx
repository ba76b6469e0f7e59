"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { createAuditAction, previewSampleAction } from "@/lib/actions/audits";
import type { DatasetLanguage } from "@/lib/audits/dataset-language";
import { defaultRubricFor, type Rubric } from "@/lib/audits/rubric";
import { createAuditSchema, sampleRequestSchema } from "@/lib/schemas/audits";
import { REVIEW_ORDER_MODES, type ReviewOrderMode } from "@/lib/sampling/review-order";
import { Button } from "../ui/button";
import { SelectField, TextField } from "../ui/field";
import { FormError } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { CompositionTable, type Composition } from "./composition-table";
import { RubricEditor } from "./rubric-editor";
import { SamplePlanner } from "./sample-planner";
import { allocationOf, initialModelGuided, ModelGuidedPlanner, type ModelGuidedState } from "./model-guided-planner";
import { Card, CardTitle } from "../ui/card";

const STRATA = ["chapter", "level", "decisionPoint"] as const;
type Stratum = (typeof STRATA)[number];

export function NewAuditForm({
  datasets,
  initialDatasetId,
  initialSeed,
}: {
  datasets: {
    id: string;
    label: string;
    itemCount: number;
    family?: string;
    language?: DatasetLanguage | null;
    /** Imported prediction sets of the dataset, newest first: "stratify by model disagreement" needs one. */
    predictionSets?: { id: string; name: string; models: number }[];
  }[];
  initialDatasetId?: string;
  initialSeed: string;
}) {
  const t = useTranslations("audits");
  const router = useRouter();
  const [datasetId, setDatasetId] = useState(initialDatasetId ?? datasets[0]?.id ?? "");
  const [name, setName] = useState("");
  const [size, setSize] = useState("100");
  const [seed, setSeed] = useState(initialSeed);
  const [strata, setStrata] = useState<Stratum[]>([]);
  const familyOf = (id: string) => datasets.find((d) => d.id === id)?.family ?? "";
  const [rubric, setRubric] = useState<Rubric>(() => defaultRubricFor(familyOf(initialDatasetId ?? datasets[0]?.id ?? "")));
  // The default rubric follows the dataset's kind until the organizer edits it.
  const [rubricEdited, setRubricEdited] = useState(false);
  const [reviewOrder, setReviewOrder] = useState<ReviewOrderMode>("per-rater");
  // The fields are checked here with the server's schema first: the same messages, no round trip.
  const drawn = useActionForm(previewSampleAction, { schema: sampleRequestSchema });
  const created = useActionForm(createAuditAction, { schema: createAuditSchema, onSuccess: (r) => router.push(`/audits/${r.id}`) });
  const preview: { composition: Composition; frameSize: number; frameChecksum: string; size: number } | null = drawn.data;
  const pending = drawn.pending || created.pending || created.done;

  const selected = datasets.find((d) => d.id === datasetId);
  const sets = selected?.predictionSets ?? [];
  const [modelGuided, setModelGuided] = useState<ModelGuidedState>(() => initialModelGuided(sets[0]?.id ?? ""));
  const guided = modelGuided.enabled && sets.length > 0;
  const request = {
    datasetId,
    size,
    seed,
    strata: guided ? [] : strata,
    ...(guided && { modelGuided: { predictionSetId: modelGuided.predictionSetId, allocation: allocationOf(modelGuided) } }),
  };
  const onPreview = () => {
    created.reset();
    drawn.submit(request);
  };
  const onCreate = () => created.submit({ ...request, name, rubric, reviewOrder });
  const changed = () => {
    if (preview) drawn.reset();
  };
  // In the reader's language already: the schemas' messages are catalog keys (lib/schemas).
  const errors = created.status === "failed" ? created.fieldErrors : drawn.fieldErrors;
  const error = created.error ?? drawn.error;
  const rubricErrors = Object.entries(errors).filter(([k]) => k.startsWith("rubric"));

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card as="section" padding="md" raised className="space-y-4">
        <TextField
          label={t("form.name")}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          placeholder={t("form.namePlaceholder")}
        />
        <SelectField
          label={t("form.dataset")}
          name="datasetId"
          value={datasetId}
          onChange={(e) => {
            setDatasetId(e.target.value);
            setModelGuided(initialModelGuided(datasets.find((d) => d.id === e.target.value)?.predictionSets?.[0]?.id ?? ""));
            if (!rubricEdited) setRubric(defaultRubricFor(familyOf(e.target.value)));
            changed();
          }}
          error={errors.datasetId}
        >
          {datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {t("form.datasetOption", { label: d.label, count: d.itemCount })}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("form.size")}
            name="size"
            inputMode="numeric"
            value={size}
            onChange={(e) => {
              setSize(e.target.value);
              changed();
            }}
            error={errors.size}
          />
          <TextField
            label={t("form.seed")}
            name="seed"
            value={seed}
            onChange={(e) => {
              setSeed(e.target.value);
              changed();
            }}
            error={errors.seed}
            hint={t("form.seedHint")}
          />
        </div>
        {selected && (
          <SamplePlanner
            populationSize={selected.itemCount}
            size={size}
            categories={rubric[0]?.categories.length ?? 3}
            onUseSize={(n) => {
              setSize(String(n));
              changed();
            }}
          />
        )}
        {sets.length > 0 && (
          <ModelGuidedPlanner
            datasetId={datasetId}
            size={size}
            sets={sets}
            value={modelGuided}
            onChange={(next) => {
              setModelGuided(next);
              changed();
            }}
            errors={errors}
          />
        )}
        <fieldset disabled={guided}>
          <legend className="text-sm font-medium text-slate-800">{t("form.strata")}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {STRATA.map((s) => (
              <label key={s} className={`flex items-center gap-2 text-sm${guided ? " text-slate-400" : ""}`}>
                <input
                  type="checkbox"
                  checked={!guided && strata.includes(s)}
                  onChange={(e) => {
                    setStrata(e.target.checked ? [...strata, s] : strata.filter((x) => x !== s));
                    changed();
                  }}
                />
                {t(`form.stratum.${s}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset data-testid="review-order">
          <legend className="text-sm font-medium text-slate-800">{t("reviewOrder.legend")}</legend>
          <div className="mt-2 space-y-1">
            {REVIEW_ORDER_MODES.map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-sm">
                <input type="radio" name="reviewOrder" value={mode} checked={reviewOrder === mode} onChange={() => setReviewOrder(mode)} />
                {t(mode === "shared" ? "reviewOrder.sharedOption" : "reviewOrder.perRaterOption")}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-600">{t("reviewOrder.hint")}</p>
        </fieldset>
        <RubricEditor
          datasetLanguage={selected?.language ?? null}
          value={rubric}
          onChange={(r) => {
            setRubric(r);
            setRubricEdited(true);
          }}
        />
        <FormError>
          {error && `${error}${rubricErrors.length ? ` (${rubricErrors.map(([k, v]) => `${k}: ${v}`).join("; ")})` : ""}`}
        </FormError>
        <div className="flex gap-3">
          <Button type="button" variant="secondary" onClick={onPreview} disabled={pending}>
            {t("form.draw")}
          </Button>
          <Button type="button" onClick={onCreate} disabled={pending || !preview}>
            {t("form.create")}
          </Button>
        </div>
        {!preview && <p className="text-xs text-slate-600">{t("form.drawFirst")}</p>}
      </Card>
      <Card as="section" aria-labelledby="composition-heading" padding="md" raised>
        <CardTitle id="composition-heading">{t("form.composition")}</CardTitle>
        {preview ? (
          <>
            <p className="mt-1 text-sm text-slate-600" data-testid="sample-summary">
              {t("form.sampleSummary", { size: preview.size, frameSize: preview.frameSize, checksum: preview.frameChecksum.slice(0, 12) })}
            </p>
            <CompositionTable composition={preview.composition} />
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{t("form.noSample")}</p>
        )}
      </Card>
    </div>
  );
}
