// Types of ascii-chunks.mjs (plain JavaScript: next.config.js imports it).
export declare function asciiSource(src: string): { text: string; left: number } | null;
export declare function asciiChunks(
  dir: string,
  extension?: string,
): {
  rewritten: number;
  stillNonAscii: string[];
  notRewritten: string[];
};
