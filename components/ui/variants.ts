import { cn } from "./cn";

type VariantMap = Record<string, Record<string, string>>;
type Choice<V extends VariantMap> = { [K in keyof V]?: keyof V[K] };

/**
 * A tiny class-variance helper in the manner of shadcn's `cva` (not a dependency here): a base
 * class, named variant groups, defaults, and a className that wins through `cn`. Components and
 * non-button elements (a link styled as a button) share one class recipe this way.
 */
export function variants<V extends VariantMap>(base: string, groups: V, defaults: { [K in keyof V]: keyof V[K] }) {
  return (choice: Choice<V> & { className?: string } = {}): string => {
    const picked = Object.keys(groups).map((group) => {
      const key = (choice[group] ?? defaults[group]) as string;
      return groups[group]?.[key];
    });
    return cn(base, picked, choice.className);
  };
}
