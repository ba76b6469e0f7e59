// The report thread's entry: the thread loads the app's TypeScript through tsx (a dependency, as
// the CLI does), with the project's tsconfig for the `@/` alias, then runs entry.ts.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register({ tsconfig: workerData.tsconfig });
await import(workerData.entry);
