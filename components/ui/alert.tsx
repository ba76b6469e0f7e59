import type { HTMLAttributes } from "react";
import { cn } from "./cn";

/** A form's failure, announced at once (role="alert") and boxed in red; field errors sit under their field instead. */
export function Alert({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return (
    <p role="alert" className={cn("rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800", className)} {...props} />
  );
}
