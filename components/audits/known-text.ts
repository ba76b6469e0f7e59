// Pure: English texts made outside the reader's request (zod messages of a schema, notes of the
// agreement engine) are found in the English catalog, so the page can show the same entry in the
// reader's language. Anything not in the catalog is shown as it is.

type Tree = { readonly [key: string]: string | Tree };

/** The dotted key under `tree` whose English value is exactly `text`, or null. */
export function catalogKeyOf(tree: Tree, text: string): string | null {
  for (const [key, value] of Object.entries(tree)) {
    if (value === text) return key;
    if (typeof value !== "string") {
      const inner = catalogKeyOf(value, text);
      if (inner !== null) return `${key}.${inner}`;
    }
  }
  return null;
}

/** `text` in the reader's language when the English catalog subtree holds it, else `text`. */
export function localizeKnown(tree: Tree, text: string, translate: (key: string) => string): string {
  const key = catalogKeyOf(tree, text);
  return key === null ? text : translate(key);
}
