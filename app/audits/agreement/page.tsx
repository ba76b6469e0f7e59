import type { Metadata } from "next";
import { getTranslations } from "@/lib/i18n/server";
import { AgreementUpload } from "@/components/agreement-tool/agreement-upload";
import { PageHeader } from "@/components/ui/page-header";
import { AGREEMENT_MAX_BYTES } from "@/lib/server/agreement/analyse-upload";
import { pageContext } from "@/lib/server/page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audits.agreementTool"))("title") };
}

/** Agreement of ratings collected elsewhere (organizers and admins): the upload posts to /api/agreement. */
export default async function AgreementToolPage() {
  await pageContext("audits:manage");
  const t = await getTranslations("audits.agreementTool");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <AgreementUpload maxBytes={AGREEMENT_MAX_BYTES} />
    </>
  );
}
