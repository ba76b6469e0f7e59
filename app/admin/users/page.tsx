import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "@/lib/i18n/server";
import { CreateUserForm } from "@/components/admin/create-user-form";
import { UsersTable } from "@/components/admin/users-table";
import { USERS_TABLE } from "@/components/admin/users-table-config";
import { parseTableParams } from "@/components/data-table/search-params";
import type { Role } from "@/lib/auth/permissions";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/server/page";
import { listUsers } from "@/lib/server/users/list-users";
import { buttonVariants } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.users"))("metaTitle") };
}

export default async function UsersPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user: me, db } = await pageContext("users:manage");
  const params = parseTableParams(await props.searchParams, USERS_TABLE);
  const role = params.filters.role as Role | undefined;
  const [{ rows, total }, t] = await Promise.all([listUsers(db, { ...params, role }), getTranslations("admin.users")]);
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link href="/admin/invitations" className={buttonVariants({ variant: "secondary" })}>
            {t("invitations")}
          </Link>
        }
      />
      <div className="space-y-6">
        <CreateUserForm />
        <UsersTable rows={rows} total={total} currentUserId={me.id} {...params} />
      </div>
    </>
  );
}
