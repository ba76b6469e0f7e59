// Server-rendered markup read as elements (no DOM library is installed): a component test asks
// what an element is — its tag, role, name, aria-* and data-* — instead of matching its class text.

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  /** Its class attribute split into classes (empty without one). */
  classes: string[];
}

const OPENING = /<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=>/]+)(?:="([^"]*)")?/g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&#x27;": "'" };

/** Every opening tag of `html`, in document order; with `tag`, only those. */
export function elements(html: string, tag?: string): Element[] {
  const found: Element[] = [];
  for (const [, name, rest] of html.matchAll(OPENING)) {
    if (tag && name !== tag) continue;
    const attrs: Record<string, string> = {};
    for (const [, key, value] of (rest ?? "").matchAll(ATTRIBUTE))
      attrs[key!] = (value ?? "").replace(/&[#\w]+;/g, (e) => ENTITIES[e] ?? e);
    found.push({ tag: name!, attrs, classes: attrs.class ? attrs.class.split(" ") : [] });
  }
  return found;
}

/** The one element of `html` that has `attribute` (with `value`, if given); fails when there is none or several. */
export function elementWith(html: string, attribute: string, value?: string): Element {
  const matching = elements(html).filter((e) => attribute in e.attrs && (value === undefined || e.attrs[attribute] === value));
  if (matching.length !== 1) throw new Error(`${matching.length} elements with ${attribute}${value === undefined ? "" : `="${value}"`}`);
  return matching[0]!;
}
