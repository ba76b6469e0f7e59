import "server-only";
import type { Db } from "../../db/client";
import { USER_PUBLIC_FIELDS } from "./user-fields";

export type UserRow = Awaited<ReturnType<typeof listUsers>>["rows"][number];

export interface ListUsersQuery {
  page: number;
  pageSize: number;
  search?: string;
  role?: "ADMIN" | "ORGANIZER" | "CLINICIAN";
  sort?: { id: string; desc: boolean };
}

const SORTABLE = ["name", "email", "role", "createdAt", "active"] as const;

export async function listUsers(db: Db, query: ListUsersQuery) {
  // Case-insensitive search without provider-specific modes: emails are stored lower-case.
  const term = query.search?.trim();
  const where = {
    ...(query.role ? { role: query.role } : {}),
    ...(term ? { OR: [{ email: { contains: term.toLowerCase() } }, { name: { contains: term } }] } : {}),
  };
  const sortId = SORTABLE.find((s) => s === query.sort?.id) ?? "name";
  const [rows, total] = await Promise.all([
    db.user.findMany({
      where,
      select: USER_PUBLIC_FIELDS,
      orderBy: [{ [sortId]: query.sort?.desc ? "desc" : "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    }),
    db.user.count({ where }),
  ]);
  return { rows, total };
}
