// A job worker in a process of its own, for jobs-postgres.test.ts: runs the test kind until
// killed, beating every second with a 3-second lease. Usage: node --import tsx job-worker-child.ts <database url>
import { pgQueue } from "@/lib/server/jobs/pg-queue";
import { testRegistry } from "./job-test-kind";

const queue = pgQueue(process.argv[2]!, testRegistry(process.argv[2]!), {
  pollingIntervalSeconds: 0.5,
  heartbeatSeconds: 1,
  leaseSeconds: 3,
});
await queue.work();
process.stdout.write("ready\n");
