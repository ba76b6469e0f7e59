// The import rules `npm run lint` keeps (dependency-cruiser; README "Layout"). Type-only imports
// count: a cycle of types is still a tangle a reader has to hold in mind.
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles: cut one at a shared types or helper module (e.g. lib/reports/snapshot.ts).",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-not-to-app",
      severity: "error",
      comment: "lib/ is below app/: pages, routes and actions import lib, never the other way (a test may call a route).",
      from: { path: "^lib/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/" },
    },
    {
      name: "components-not-to-app",
      severity: "error",
      comment: "components/ import server actions from lib/actions/, never from app/.",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "small-launcher",
      severity: "error",
      comment:
        "scripts/start.ts stays beside the server for its life: the set-up's and the database's modules are imported dynamically, where they run (the set-up in its own process).",
      from: { path: "^scripts/start\\.ts$" },
      to: { path: "^lib/(db/(client|migrate|setup-lock)|server/(setup|jobs)/)", dependencyTypesNot: ["dynamic-import"] },
    },
    {
      name: "interval-thread-without-database",
      severity: "error",
      comment:
        "The latent-interval thread has no database client (its isolate would hold Prisma's runtime and query compiler for two reads and a write per interval): it asks the report thread, through the web process (lib/server/reports/latent-interval/entry.ts).",
      from: { path: "^lib/server/reports/latent-interval/entry\\.ts$" },
      to: { path: "^lib/(db/client|server/threads/db-clients)\\.ts$", reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|lib/generated|\\.next|data|test-results[^/]*|playwright-report|public)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
