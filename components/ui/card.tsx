import type { ComponentProps, ElementType, HTMLAttributes } from "react";
import { cn } from "./cn";
import { variants } from "./variants";

/** The house card surface; `card()` also styles an element <Card> does not cover. */
export const cardVariants = variants(
  "rounded-lg border border-slate-200 bg-white",
  {
    padding: { none: "", sm: "p-4", md: "p-5", lg: "p-6" },
    /** A raised card (forms, panels); flat ones sit inside a page section. */
    raised: { true: "shadow-sm", false: "" },
  },
  { padding: "sm", raised: "false" },
);

export interface CardStyle {
  padding?: "none" | "sm" | "md" | "lg";
  raised?: boolean;
  className?: string;
}

export function card({ padding, raised = false, className }: CardStyle = {}): string {
  return cardVariants({ padding, raised: raised ? "true" : "false", className });
}

/** The elements a card is in this app: a plain box, a labelled section, a form, a figure, a disclosure, a list. */
type CardElement = "div" | "section" | "form" | "figure" | "details" | "ul" | "dl" | "p";

export type CardProps<E extends CardElement = "div"> = CardStyle & { as?: E } & Omit<ComponentProps<E>, "className">;

export function Card<E extends CardElement = "div">({ as, padding, raised, className, ...props }: CardProps<E>) {
  const Tag = (as ?? "div") as ElementType;
  return <Tag className={card({ padding, raised, className })} {...props} />;
}

/** A card's heading (an h2 unless told; a section's aria-labelledby points at its id). */
export function CardTitle({ as: Tag = "h2", className, ...props }: HTMLAttributes<HTMLHeadingElement> & { as?: "h2" | "h3" }) {
  return <Tag className={cn("text-base font-semibold text-slate-900", className)} {...props} />;
}

/** The heading row of a card: its title on the left, a count or an action on the right. */
export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-wrap items-center justify-between gap-3", className)} {...props} />;
}
