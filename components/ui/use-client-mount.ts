import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * True when the component mounts in the browser (a client navigation) and once the HTML the
 * server sent is hydrated; false while the server renders it and while it hydrates: what it
 * renders first must then be what the server sent. So a first render can start from what the
 * browser already knows only on a client mount (the record viewer), and a form can keep its
 * controls disabled until React owns them (an input changed before hydration is reset by it).
 */
export function useClientMount(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
