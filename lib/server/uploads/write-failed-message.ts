import "server-only";
import { getTranslations } from "@/lib/i18n/server";
import type { ReceiveFailure } from "./multipart";
import { writeProblem } from "./refusal";

/** The words for an upload a disk error dropped, naming the file (empty for other failures). */
export async function writeFailedMessage(failure: ReceiveFailure): Promise<string> {
  if (failure.reason !== "write-failed") return "";
  const t = await getTranslations("common.uploads");
  const problem = t(`writeProblems.${writeProblem(failure.error)}`);
  return failure.file ? t("writeFailed", { file: failure.file, problem }) : t("folderFailed", { problem });
}
