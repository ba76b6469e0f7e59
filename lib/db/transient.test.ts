import { expect, test } from "vitest";
import { transientKind, withTransientRetry } from "./transient";

// The shapes Prisma 7's client gives these failures (code and message of PrismaClientKnownRequestError).
const startTimeout = Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code: "P2028" });
const expired = Object.assign(
  new Error("Transaction API error: A commit cannot be executed on an expired transaction. The timeout for this transaction was 30000 ms"),
  { code: "P2028" },
);
const deadlock = Object.assign(new Error("Transaction failed due to a write conflict or a deadlock. Please retry your transaction"), {
  code: "P2034",
});
const unique = Object.assign(new Error("Unique constraint failed"), { code: "P2002" });

test("only failures that left nothing written are transient", () => {
  expect(transientKind(startTimeout)).toBe("start-timeout");
  expect(transientKind(deadlock)).toBe("write-conflict");
  expect(transientKind(Object.assign(new Error("too many"), { code: "P2037" }))).toBe("too-many-connections");
  for (const e of [expired, unique, new Error("boom"), null, "P2034", { code: "P2028" }]) expect(transientKind(e)).toBeNull();
});

test("a transient failure is run again, each retry reported, until it succeeds", async () => {
  const failures = [startTimeout, deadlock];
  const seen: string[] = [];
  let runs = 0;
  const result = await withTransientRetry(
    async () => {
      runs++;
      const f = failures.shift();
      if (f) throw f;
      return "saved";
    },
    { attempts: 4, backoffMs: 1, onRetry: ({ kind, attempt }) => seen.push(`${attempt}:${kind}`) },
  );
  expect(result).toBe("saved");
  expect(runs).toBe(3);
  expect(seen).toEqual(["1:start-timeout", "2:write-conflict"]);
});

test("bounded: after the last attempt the failure is thrown as it came; other failures at once", async () => {
  let runs = 0;
  await expect(
    withTransientRetry(
      async () => {
        runs++;
        throw deadlock;
      },
      { attempts: 3, backoffMs: 1 },
    ),
  ).rejects.toBe(deadlock);
  expect(runs).toBe(3);
  runs = 0;
  await expect(
    withTransientRetry(
      async () => {
        runs++;
        throw unique;
      },
      { attempts: 3, backoffMs: 1 },
    ),
  ).rejects.toBe(unique);
  expect(runs).toBe(1);
});
