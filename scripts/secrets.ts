// Secrets generated on first start and kept beside the data they protect (mode 0600).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function ensureSecrets(dataDir: string): { NEXTAUTH_SECRET: string } {
  const file = path.join(dataDir, "secrets.json");
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { NEXTAUTH_SECRET?: string };
    if (stored.NEXTAUTH_SECRET && stored.NEXTAUTH_SECRET.length >= 32) return { NEXTAUTH_SECRET: stored.NEXTAUTH_SECRET };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secrets = { NEXTAUTH_SECRET: randomBytes(32).toString("base64url") };
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2) + "\n", { mode: 0o600 });
  return secrets;
}
