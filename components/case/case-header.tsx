import Link from "next/link";
import { useTranslations } from "@/lib/i18n/server";
import { Badge } from "../ui/badge";

export function CaseHeader(props: {
  auditName: string;
  position: number;
  size: number;
  externalId: string;
  patient: string;
  chapter: string | null;
  level: string | null;
  decisionPoint: number | null;
  closed: boolean;
}) {
  const t = useTranslations("review.case");
  return (
    // One line on wide screens (the columns below are sized for it): the audit name gives way first.
    <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm whitespace-nowrap xl:h-6 xl:flex-nowrap">
      <Link href="/review" className="text-teal-800 hover:underline">
        {t("back")}
      </Link>
      <span className="text-slate-400" aria-hidden>
        /
      </span>
      <span className="min-w-0 truncate text-slate-700" title={props.auditName}>
        {props.auditName}
      </span>
      <span className="font-medium text-slate-900">{t("position", { position: props.position, size: props.size })}</span>
      <span className="font-mono text-xs text-slate-600">{props.externalId}</span>
      <span className="text-slate-600">{t("patient", { patient: props.patient })}</span>
      {props.chapter && <Badge>{props.chapter}</Badge>}
      {props.level && <Badge>{props.level}</Badge>}
      {props.decisionPoint !== null && <Badge>{t("decisionPoint", { number: props.decisionPoint })}</Badge>}
      {props.closed && <Badge tone="warning">{t("closed")}</Badge>}
    </div>
  );
}
