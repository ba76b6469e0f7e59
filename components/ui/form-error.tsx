import type { HTMLAttributes } from "react";
import { cn } from "./cn";

type MessageProps = HTMLAttributes<HTMLDivElement> & {
  /** Boxed in colour, for a message that stands apart (a whole form's) rather than beside its button. */
  boxed?: boolean;
};

const tones = {
  alert: ["text-sm text-red-700", "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"],
  status: ["text-sm text-teal-800", "rounded-md border border-teal-200 bg-teal-50 px-3 py-2 text-sm text-teal-900"],
} as const;

function message(role: keyof typeof tones, { boxed, className, children, ...props }: MessageProps) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <div role={role} className={cn(tones[role][boxed ? 1 : 0], className)} {...props}>
      {children}
    </div>
  );
}

/**
 * A form's failure, announced at once (role="alert"); nothing when there is none. Field errors sit
 * under their field instead (Field ties them to the control with aria-describedby and aria-invalid).
 */
export const FormError = (props: MessageProps) => message("alert", props);

/** What a form's success says, read politely (role="status"); nothing when there is nothing to say. */
export const FormSuccess = (props: MessageProps) => message("status", props);
