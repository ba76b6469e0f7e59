// Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane).
import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// The rule is the forms' too (lib/schemas/users.ts, client-safe).
export { MIN_PASSWORD_LENGTH } from "../schemas/users";

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("clinaudit-timing-equaliser");
  return dummy;
}

// No look-alike characters (0/O, 1/l/I): temporary passwords are read aloud and retyped.
const ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A random password such as "Xk7q-mP3d-Rt9w-Hc2v" (about 95 bits). */
export function generatePassword(groups = 4): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return Array.from({ length: groups }, group).join("-");
}
