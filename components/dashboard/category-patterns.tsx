/**
 * Fill patterns for rubric categories. Each category gets a colour AND a texture (solid, stripes,
 * dots, cross-hatch…) so the charts still read in greyscale print and for colour-blind readers;
 * every chart also prints the numbers as text. Pattern ids are document-global in HTML, so they
 * are prefixed with a per-chart id.
 */
import { useTranslations } from "@/lib/i18n/server";

const PATTERNS = [
  { fg: "#0f766e", bg: "#0f766e", kind: "solid" },
  { fg: "#b45309", bg: "#fde68a", kind: "diagonal" },
  { fg: "#334155", bg: "#e2e8f0", kind: "dots" },
  { fg: "#be123c", bg: "#fecdd3", kind: "cross" },
  { fg: "#4338ca", bg: "#c7d2fe", kind: "horizontal" },
  { fg: "#4d7c0f", bg: "#d9f99d", kind: "vertical" },
] as const;

export const PATTERN_COUNT = PATTERNS.length;

export function patternFill(prefix: string, k: number): string {
  return `url(#${prefix}-p${k % PATTERN_COUNT})`;
}

/** The texture of category k, named in legends (dashboard.distribution.pattern) so the key does not rely on colour. */
export function patternKind(k: number): (typeof PATTERNS)[number]["kind"] {
  return PATTERNS[k % PATTERN_COUNT]?.kind ?? "solid";
}

export function CategoryPatternDefs({ prefix }: { prefix: string }) {
  return (
    <defs>
      {PATTERNS.map((p, k) => (
        <pattern key={k} id={`${prefix}-p${k}`} width="8" height="8" patternUnits="userSpaceOnUse">
          <rect width="8" height="8" fill={p.bg} />
          {p.kind === "diagonal" && <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke={p.fg} strokeWidth="2" />}
          {p.kind === "dots" && <circle cx="4" cy="4" r="1.6" fill={p.fg} />}
          {p.kind === "cross" && <path d="M0,0 L8,8 M8,0 L0,8" stroke={p.fg} strokeWidth="1.2" />}
          {p.kind === "horizontal" && <path d="M0,4 H8" stroke={p.fg} strokeWidth="2" />}
          {p.kind === "vertical" && <path d="M4,0 V8" stroke={p.fg} strokeWidth="2" />}
        </pattern>
      ))}
    </defs>
  );
}

/** Legend: swatch + label + texture name, as an HTML list. */
export function CategoryLegend({ prefix, labels }: { prefix: string; labels: readonly string[] }) {
  const t = useTranslations("dashboard.distribution");
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={t("legend")}>
      {labels.map((label, k) => (
        <li key={k} className="flex items-center gap-1.5">
          <svg width="14" height="14" aria-hidden="true" focusable="false">
            <rect width="14" height="14" fill={patternFill(prefix, k)} stroke="#334155" strokeWidth="1" />
          </svg>
          <span>
            {label} <span className="text-slate-500">{t("texture", { name: t(`pattern.${patternKind(k)}`) })}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
