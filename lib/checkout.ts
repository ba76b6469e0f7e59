/**
 * The checkout the server runs from, read at run time: the server and the tests run from it; the
 * command line, which may run from any folder, names it in CLINAUDIT_CHECKOUT (bin/clinaudit.mjs
 * sets it). The bundler is told to leave it alone: what is read under it (the threads' sources,
 * the query compiler's bytes) is found at run time, not bundled.
 */
export const CHECKOUT = /* turbopackIgnore: true */ process.env.CLINAUDIT_CHECKOUT || process.cwd();
