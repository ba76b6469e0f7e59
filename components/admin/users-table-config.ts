import { ROLES } from "@/lib/auth/permissions";

/** The users list's URL contract, shared by the server page (parseTableParams) and the table. */
export const USERS_TABLE = {
  sortable: ["name", "email", "role", "active"],
  filterIds: ["role"],
  filterValues: { role: ROLES },
  defaultSort: { id: "name", desc: false },
  // One page holds a department; the pager is there for the hospital-wide list.
  defaultSize: 100,
} as const;
