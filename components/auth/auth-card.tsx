import type { ReactNode } from "react";
import { LocaleSwitcher } from "../layout/locale-switcher";
import { Card } from "../ui/card";

/** The narrow centred card of the pages one sees before the app: sign-in, first password, invitation. */
export function AuthCard({
  heading,
  lead,
  children,
  footer,
}: {
  heading: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto mt-16 max-w-md">
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
        {lead && <p className="mt-2 text-sm text-slate-600">{lead}</p>}
      </div>
      <Card padding="lg" raised>
        {children}
      </Card>
      <div className="mt-4 flex items-center justify-center gap-3">
        <LocaleSwitcher />
        {footer}
      </div>
    </div>
  );
}
