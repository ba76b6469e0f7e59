// A job worker in a process of its own, for jobs-postgres.test.ts: runs the test kind until
// killed. Usage: node --import tsx job-worker-child.ts <database url>
import { pgQueue } from "@/lib/server/jobs/pg-queue";
import { testRegistry } from "./job-test-kind";

const queue = pgQueue(process.argv[2]!, testRegistry(process.argv[2]!), { pollingIntervalSeconds: 0.5 });
await queue.work();
process.stdout.write("ready\n");
