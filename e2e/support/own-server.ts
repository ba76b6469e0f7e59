// A server of a spec's own, started the way playwright.config.ts starts the shared one (`npm
// start` in demo mode), in its own process group so the spec can SIGKILL all of it at once.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import pg from "pg";

export interface OwnServer {
  url: string;
  start(options?: { fresh?: boolean }): Promise<void>;
  /** SIGKILL to the whole process group (npm, the start script, next-server), no warning. */
  kill(): Promise<void>;
}

export function ownServer(port: number, dataDir: string, databaseUrl?: string): OwnServer {
  const url = `http://localhost:${port}`;
  let child: ChildProcess | undefined;
  let output = "";
  return {
    url,
    async start({ fresh = false } = {}) {
      if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
      output = "";
      child = spawn("npm", ["start"], {
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          PORT: String(port),
          CLINAUDIT_DEMO: "1",
          CLINAUDIT_DATA_DIR: dataDir,
          NEXTAUTH_URL: url,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
      });
      child.stdout!.on("data", (d) => (output += d));
      child.stderr!.on("data", (d) => (output += d));
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
        const healthy = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (healthy) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`the server did not become healthy:\n${output}`);
    },
    async kill() {
      if (!child?.pid) return;
      const pid = child.pid;
      process.kill(-pid, "SIGKILL");
      for (let i = 0; i < 200; i++) {
        try {
          process.kill(-pid, 0);
        } catch {
          child = undefined;
          return;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`process group ${pid} survived SIGKILL`);
    },
  };
}

/**
 * A fresh database next to E2E_DATABASE_URL (same PostgreSQL server), or a reason why not.
 * Returns its URL and a function that drops it.
 */
export async function scratchPostgres(
  baseUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> } | { skip: string }> {
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    return { skip: `cannot create a PostgreSQL database next to E2E_DATABASE_URL: ${(error as Error).message}` };
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
