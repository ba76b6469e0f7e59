// The input schemas live in lib/schemas/users.ts (shared with the forms).
/** What an admin may see of a user: never the password hash. */
export const USER_PUBLIC_FIELDS = {
  id: true,
  email: true,
  name: true,
  role: true,
  active: true,
  passwordMustChange: true,
  createdAt: true,
} as const;
