import type { HTMLAttributes } from "react";
import { variants } from "./variants";

/**
 * A status pill. Tones carry meaning, the same everywhere: accent = active/done, warning = needs
 * attention, danger = failed/removed/deactivated, neutral = a plain fact (a version, a chapter),
 * solid = the one marked answer (the gold option).
 */
export const badgeVariants = variants(
  "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
  {
    tone: {
      neutral: "bg-slate-100 text-slate-700 ring-slate-300",
      accent: "bg-teal-50 text-teal-800 ring-teal-300",
      warning: "bg-amber-50 text-amber-900 ring-amber-300",
      danger: "bg-red-50 text-red-800 ring-red-300",
      solid: "bg-teal-700 font-semibold text-white ring-teal-700",
    },
  },
  { tone: "neutral" },
);

export type BadgeTone = "neutral" | "accent" | "warning" | "danger" | "solid";

export function Badge({ tone, className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={badgeVariants({ tone, className })} {...props} />;
}
