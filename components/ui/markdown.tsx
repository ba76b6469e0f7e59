import { Fragment, type ReactNode } from "react";
import { parseMarkdown, type Inline } from "@/lib/markdown/parse";

function inline(nodes: Inline[]): ReactNode {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case "text":
        return <Fragment key={i}>{n.text}</Fragment>;
      case "strong":
        return <strong key={i}>{inline(n.children)}</strong>;
      case "em":
        return <em key={i}>{inline(n.children)}</em>;
      case "code":
        return (
          <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
            {n.text}
          </code>
        );
      case "link":
        return (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer" className="text-teal-800 underline">
            {inline(n.children)}
          </a>
        );
    }
  });
}

/** Markdown written by users, rendered as React elements only (lib/markdown/parse.ts: no HTML). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={className ?? "space-y-2 text-sm leading-relaxed text-slate-800"}>
      {parseMarkdown(source).map((b, i) => {
        if (b.kind === "heading") {
          const Tag = (["h3", "h4", "h5"] as const)[b.level - 1]!;
          return (
            <Tag key={i} className="font-semibold text-slate-900">
              {inline(b.children)}
            </Tag>
          );
        }
        if (b.kind === "list") {
          const Tag = b.ordered ? "ol" : "ul";
          return (
            <Tag key={i} className={`${b.ordered ? "list-decimal" : "list-disc"} space-y-1 pl-5`}>
              {b.items.map((it, j) => (
                <li key={j}>{inline(it)}</li>
              ))}
            </Tag>
          );
        }
        return <p key={i}>{inline(b.children)}</p>;
      })}
    </div>
  );
}
