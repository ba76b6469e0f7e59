import type { Metadata } from "next";
import { CreateUserForm } from "@/components/admin/create-user-form";
import { UsersTable } from "@/components/admin/users-table";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { listUsers } from "@/lib/server/users/list-users";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await requirePermission("users:manage");
  const { rows, total } = await listUsers(db(), { page: 1, pageSize: 100 });
  return (
    <>
      <PageHeader title="Users" description="Everyone who can sign in, with their role. Deactivated users cannot sign in; their work is kept." />
      <div className="space-y-6">
        <CreateUserForm />
        <UsersTable rows={rows} total={total} currentUserId={me.id} />
      </div>
    </>
  );
}
