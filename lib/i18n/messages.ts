// The message catalogs, one JSON file per namespace and language under messages/. English is
// the reference: its shape is the type of every catalog, so a key missing from another
// language fails the type-check (and lib/i18n/messages.test.ts catches extra keys and
// placeholders that differ).
import type { Locale } from "./locales";
import enAdjudication from "@/messages/en/adjudication.json";
import enAdmin from "@/messages/en/admin.json";
import enAudits from "@/messages/en/audits.json";
import enCalibration from "@/messages/en/calibration.json";
import enAuth from "@/messages/en/auth.json";
import enCommon from "@/messages/en/common.json";
import enDashboard from "@/messages/en/dashboard.json";
import enDataTable from "@/messages/en/dataTable.json";
import enDatasets from "@/messages/en/datasets.json";
import enDiscussion from "@/messages/en/discussion.json";
import enDomain from "@/messages/en/domain.json";
import enEhrViewer from "@/messages/en/ehrViewer.json";
import enEvaluation from "@/messages/en/evaluation.json";
import enFindings from "@/messages/en/findings.json";
import enReview from "@/messages/en/review.json";
import enRubric from "@/messages/en/rubric.json";
import enSso from "@/messages/en/sso.json";
import zhAdjudication from "@/messages/zh-CN/adjudication.json";
import zhAdmin from "@/messages/zh-CN/admin.json";
import zhAudits from "@/messages/zh-CN/audits.json";
import zhCalibration from "@/messages/zh-CN/calibration.json";
import zhAuth from "@/messages/zh-CN/auth.json";
import zhCommon from "@/messages/zh-CN/common.json";
import zhDashboard from "@/messages/zh-CN/dashboard.json";
import zhDataTable from "@/messages/zh-CN/dataTable.json";
import zhDatasets from "@/messages/zh-CN/datasets.json";
import zhDiscussion from "@/messages/zh-CN/discussion.json";
import zhDomain from "@/messages/zh-CN/domain.json";
import zhEhrViewer from "@/messages/zh-CN/ehrViewer.json";
import zhEvaluation from "@/messages/zh-CN/evaluation.json";
import zhFindings from "@/messages/zh-CN/findings.json";
import zhReview from "@/messages/zh-CN/review.json";
import zhRubric from "@/messages/zh-CN/rubric.json";
import zhSso from "@/messages/zh-CN/sso.json";

export const en = {
  common: enCommon,
  auth: enAuth,
  review: enReview,
  rubric: enRubric,
  ehrViewer: enEhrViewer,
  dataTable: enDataTable,
  datasets: enDatasets,
  audits: enAudits,
  calibration: enCalibration,
  dashboard: enDashboard,
  adjudication: enAdjudication,
  discussion: enDiscussion,
  admin: enAdmin,
  evaluation: enEvaluation,
  findings: enFindings,
  sso: enSso,
  domain: enDomain,
};

export type Messages = typeof en;

const zhCN: Messages = {
  common: zhCommon,
  auth: zhAuth,
  review: zhReview,
  rubric: zhRubric,
  ehrViewer: zhEhrViewer,
  dataTable: zhDataTable,
  datasets: zhDatasets,
  audits: zhAudits,
  calibration: zhCalibration,
  dashboard: zhDashboard,
  adjudication: zhAdjudication,
  discussion: zhDiscussion,
  admin: zhAdmin,
  evaluation: zhEvaluation,
  findings: zhFindings,
  sso: zhSso,
  domain: zhDomain,
};

export const MESSAGES: Record<Locale, Messages> = { en, "zh-CN": zhCN };
