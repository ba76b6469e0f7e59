import "server-only";
import type { Db } from "../../db/client";
import { createUser } from "../users/create-user";
import { seedDemoData } from "./demo-data";
import { DEMO_USERS } from "./demo-users";

export interface BootstrapOptions {
  demo: boolean;
  adminEmail?: string;
  adminPassword?: string;
}

export interface BootstrapResult {
  /** Set only when an admin was created with a generated password: print it once. */
  createdAdmin: { email: string; password: string | null } | null;
  demoUsersCreated: number;
  demoDataCreated: boolean;
}

/** First start: make sure someone can sign in. Idempotent; never changes existing users. */
export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  let demoUsersCreated = 0;
  if (options.demo) {
    for (const u of DEMO_USERS) {
      const exists = await db.user.findUnique({ where: { email: u.email }, select: { id: true } });
      if (exists) continue;
      const { user } = await createUser(db, null, u);
      if (u.locale) await db.user.update({ where: { id: user.id }, data: { locale: u.locale } });
      demoUsersCreated++;
    }
  }
  let createdAdmin: BootstrapResult["createdAdmin"] = null;
  const admins = await db.user.count({ where: { role: "ADMIN", active: true } });
  if (admins === 0) {
    const email = options.adminEmail ?? "admin@clinaudit.local";
    // A password the operator set (CLINAUDIT_ADMIN_PASSWORD) is theirs; a generated one, printed
    // on the console, is temporary and replaced at first sign-in. Demo accounts above are never
    // forced, so the demo's published passwords keep working.
    const { temporaryPassword } = await createUser(
      db,
      null,
      { email, name: "Administrator", role: "ADMIN", password: options.adminPassword ?? "" },
      { temporary: !options.adminPassword },
    );
    createdAdmin = { email, password: temporaryPassword };
  }
  const demoDataCreated = options.demo ? (await seedDemoData(db)).created : false;
  return { createdAdmin, demoUsersCreated, demoDataCreated };
}
