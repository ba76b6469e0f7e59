import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "@/lib/i18n/server";
import { InvitationForm } from "@/components/admin/invitation-form";
import { InvitationsTable } from "@/components/admin/invitations-table";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/server/page";
import { listInvitations } from "@/lib/server/users/invitations";
import { buttonVariants } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.invitations"))("title") };
}

export default async function InvitationsPage() {
  const { db } = await pageContext("users:manage");
  const [rows, t] = await Promise.all([listInvitations(db), getTranslations("admin.invitations")]);
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link href="/admin/users" className={buttonVariants({ variant: "secondary" })}>
            {t("toUsers")}
          </Link>
        }
      />
      <div className="space-y-6">
        <InvitationForm />
        <InvitationsTable rows={rows} />
      </div>
    </>
  );
}
