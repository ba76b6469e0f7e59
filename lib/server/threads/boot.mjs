// A server thread's entry (lib/server/threads/start.ts): the thread loads the app's TypeScript
// through tsx (a dependency, as the CLI does), with the project's tsconfig for the `@/` alias,
// then runs the thread's own entry.ts.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register({ tsconfig: workerData.tsconfig });
await import(workerData.entry);
