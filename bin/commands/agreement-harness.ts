// Tests only: runs `clinaudit agreement` against in-memory files and captures both streams.
import { runAgreement } from "./agreement";

export async function runInMemory(argv: string[], files: Record<string, string>) {
  let stdout = "";
  let stderr = "";
  const code = await runAgreement(argv, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    readFile: async (p) => {
      const text = files[p];
      if (text === undefined) throw new Error(`ENOENT: no such file '${p}'`);
      return text;
    },
  });
  return { code, stdout, stderr };
}
