import type { HTMLAttributes } from "react";
import { cn } from "./cn";

const PADDING = { none: "", sm: "p-4", md: "p-5", lg: "p-6" } as const;

export interface CardStyle {
  padding?: keyof typeof PADDING;
  /** A raised card (forms, panels); flat ones sit inside a page section. */
  raised?: boolean;
  className?: string;
}

/** The house card surface, for elements that cannot be a <Card> (a <section>, a <form>, a <details>). */
export function card({ padding = "sm", raised = false, className }: CardStyle = {}): string {
  return cn("rounded-lg border border-slate-200 bg-white", PADDING[padding], raised && "shadow-sm", className);
}

export function Card({ padding, raised, className, ...props }: CardStyle & HTMLAttributes<HTMLDivElement>) {
  return <div className={card({ padding, raised, className })} {...props} />;
}
