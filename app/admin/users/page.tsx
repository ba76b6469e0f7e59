import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CreateUserForm } from "@/components/admin/create-user-form";
import { UsersTable } from "@/components/admin/users-table";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/server/page";
import { listUsers } from "@/lib/server/users/list-users";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.users"))("metaTitle") };
}

export default async function UsersPage() {
  const { user: me, db } = await pageContext("users:manage");
  const [{ rows, total }, t] = await Promise.all([listUsers(db, { page: 1, pageSize: 100 }), getTranslations("admin.users")]);
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={<Link href="/admin/invitations" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100">{t("invitations")}</Link>}
      />
      <div className="space-y-6">
        <CreateUserForm />
        <UsersTable rows={rows} total={total} currentUserId={me.id} />
      </div>
    </>
  );
}
