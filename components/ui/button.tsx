import type { ComponentProps } from "react";
import { variants } from "./variants";

/** The house button recipe; `buttonVariants()` also styles a <Link> or a download <a> as a button. */
export const buttonVariants = variants(
  "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed",
  {
    variant: {
      primary: "bg-accent text-white hover:bg-accent-strong disabled:bg-slate-400",
      secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400",
      danger: "border border-red-300 bg-white text-red-800 hover:bg-red-50 disabled:text-slate-400",
      ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
      link: "text-teal-800 underline-offset-2 hover:underline disabled:text-slate-400",
    },
    size: {
      xs: "px-1.5 py-0.5 text-xs",
      sm: "px-2.5 py-1 text-sm",
      md: "px-4 py-2 text-sm",
    },
  },
  { variant: "primary", size: "md" },
);

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "link";

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: "xs" | "sm" | "md";
}

/** A <button type="button"> unless told otherwise, so a button in a form never submits by accident. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
