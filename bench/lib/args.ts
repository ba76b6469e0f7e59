// Command-line options of `npm run bench` (bench/run.ts).

export const BENCHMARKS = [
  "agreement",
  "bootstrap",
  "import",
  "bundle",
  "import-pg",
  "upload",
  "case",
  "viewer",
  "saves",
  "corrected",
  "pair",
  "fhir-import",
  "review-full",
  "rater-flow",
] as const;
export type BenchKey = (typeof BENCHMARKS)[number];

export interface BenchOptions {
  quick: boolean;
  only: ReadonlySet<BenchKey>;
  /** First port for the app server; a second, if needed, is port + 1. */
  port: number;
  /** Keep the generated input and the bench data dir afterwards. */
  keep: boolean;
}

export const USAGE = `Usage: npm run bench -- [--quick] [--only ${BENCHMARKS.join(",")}] [--port 3201] [--keep]

  --quick      a small smoke run (120 patients, fewer requests and runs): checks the harness, not the targets
  --only LIST  run only these benchmarks (comma-separated)
  --port N     port of the app server (default 3201)
  --keep       keep the generated input and data dirs under ./data/bench-*
`;

export class UsageError extends Error {}

export function parseBenchArgs(argv: readonly string[]): BenchOptions | "help" {
  const options = { quick: false, only: new Set<BenchKey>(BENCHMARKS), port: 3201, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [name, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case "-h":
      case "--help":
        return "help";
      case "--quick":
        options.quick = true;
        break;
      case "--keep":
        options.keep = true;
        break;
      case "--only":
        options.only = parseOnly(value());
        break;
      case "--port": {
        const v = value();
        const port = Number(v);
        if (!Number.isInteger(port) || port < 1 || port > 65534) throw new UsageError(`--port: "${v}" is not a port number (1–65534)`);
        options.port = port;
        break;
      }
      default:
        throw new UsageError(`unknown option "${arg}"`);
    }
  }
  return options;
}

function parseOnly(list: string): Set<BenchKey> {
  const names = list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(BENCHMARKS as readonly string[]).includes(n));
  if (unknown.length)
    throw new UsageError(`--only: unknown benchmark(s) ${unknown.map((n) => `"${n}"`).join(", ")}; choose from ${BENCHMARKS.join(", ")}`);
  if (names.length === 0) throw new UsageError("--only needs at least one benchmark");
  return new Set(names as BenchKey[]);
}

/** The value after `name` in a bench script's arguments; an error naming the script when absent. */
export function requiredFlag(args: readonly string[], name: string, script: string): string {
  const i = args.indexOf(name);
  const v = i >= 0 ? args[i + 1] : undefined;
  if (v === undefined || v.startsWith("--")) throw new Error(`${script}: ${name} is required`);
  return v;
}
