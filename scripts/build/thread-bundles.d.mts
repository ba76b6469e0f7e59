// Types of thread-bundles.mjs (plain JavaScript: next.config.js imports it).
export declare const THREAD_ENTRIES: readonly string[];
export declare const BUNDLE_DIR: string;
export declare const MANIFEST: string;
export declare function bundleThreads(projectDir: string, outDir: string): Promise<Record<string, string>>;
