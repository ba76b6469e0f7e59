// What the sub-commands share: their output channels and option parsing.
export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

/** The value after `--name`: undefined when the option is absent, "" when its value is missing. */
export function optionValue(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  return value === undefined || value.startsWith("--") ? "" : value;
}
