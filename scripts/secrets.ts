// Secrets generated on first start and kept beside the data they protect (file 0600, data
// directory 0700).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PRIVATE_FILE, securePrivateDir } from "../lib/db/file-modes";

export function ensureSecrets(dataDir: string): { NEXTAUTH_SECRET: string } {
  const file = path.join(dataDir, "secrets.json");
  securePrivateDir(dataDir);
  if (fs.existsSync(file)) {
    fs.chmodSync(file, PRIVATE_FILE); // an older install may have left it readable
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { NEXTAUTH_SECRET?: string };
    if (stored.NEXTAUTH_SECRET && stored.NEXTAUTH_SECRET.length >= 32) return { NEXTAUTH_SECRET: stored.NEXTAUTH_SECRET };
  }
  const secrets = { NEXTAUTH_SECRET: randomBytes(32).toString("base64url") };
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2) + "\n", { mode: PRIVATE_FILE });
  fs.chmodSync(file, PRIVATE_FILE); // writeFileSync's mode applies only to a new file
  return secrets;
}
