// Test support for the guards (lib/server/action.test.ts, route.test.ts): the request's collaborators —
// session, translations, database, logger — replaced by fakes the test sets per case.
import { createTranslator } from "use-intl/core";
import { MESSAGES } from "@/lib/i18n/messages";
import type { CurrentUser } from "@/lib/server/auth/current-user";

export const fake = {
  locale: "en" as "en" | "zh-CN",
  user: null as CurrentUser | null,
  mustChange: false,
  logged: [] as unknown[],
};

export const organizer: CurrentUser = { id: "u-org", email: "org@example.org", name: "Org", role: "ORGANIZER", locale: "en" };
export const clinician: CurrentUser = { id: "u-cli", email: "cli@example.org", name: "Cli", role: "CLINICIAN", locale: "en" };

export function translator() {
  return createTranslator({ locale: fake.locale, messages: MESSAGES[fake.locale] });
}

export function resetFakes() {
  fake.locale = "en";
  fake.user = null;
  fake.mustChange = false;
  fake.logged = [];
}

/** The module mocks, hoisted by each test file through vi.mock(path, factory). */
export const mocks = {
  intl: () => ({ getTranslations: async () => translator() }),
  navigation: () => ({
    forbidden: () => {
      throw Object.assign(new Error("NEXT_HTTP_ERROR_FALLBACK;403"), { digest: "NEXT_HTTP_ERROR_FALLBACK;403" });
    },
    notFound: () => {
      throw new Error("NEXT_HTTP_ERROR_FALLBACK;404");
    },
    unstable_rethrow: () => {},
  }),
  session: () => ({
    getCurrentUser: async () => fake.user,
    getSessionAccount: async () => (fake.user ? { ...fake.user, passwordMustChange: fake.mustChange, sessionVersion: 1 } : null),
    mustChangePassword: async () => fake.mustChange,
  }),
  db: () => ({ db: () => ({ fake: "db" }) }),
  log: () => ({ log: () => ({ error: (...args: unknown[]) => fake.logged.push(args), warn: () => undefined }) }),
};
