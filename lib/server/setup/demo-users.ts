import type { Role } from "../../auth/permissions";
import type { Locale } from "../../i18n/locales";

/** Demo accounts, created only in demo mode (CLINAUDIT_DEMO=1). Never use them in production. */
export const DEMO_USERS: { email: string; name: string; role: Role; password: string; locale?: Locale }[] = [
  { email: "admin@demo.clinaudit", name: "Dana Admin", role: "ADMIN", password: "demo-admin-2026" },
  { email: "organizer@demo.clinaudit", name: "Omar Organizer", role: "ORGANIZER", password: "demo-organizer-2026" },
  { email: "clinician1@demo.clinaudit", name: "Dr. Chen Li", role: "CLINICIAN", password: "demo-clinician-2026" },
  { email: "clinician2@demo.clinaudit", name: "Dr. Maria Rossi", role: "CLINICIAN", password: "demo-clinician-2026" },
  { email: "clinician3@demo.clinaudit", name: "Dr. Sam Okafor", role: "CLINICIAN", password: "demo-clinician-2026" },
  // Reviews the Chinese-record demo audit in a Chinese interface.
  { email: "clinician4@demo.clinaudit", name: "王芳", role: "CLINICIAN", password: "demo-clinician-2026", locale: "zh-CN" },
];
