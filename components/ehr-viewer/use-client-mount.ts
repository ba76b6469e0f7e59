import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * True when the component mounts in the browser (a client navigation), false while the server
 * renders it and while it hydrates that HTML: what it renders first must then be what the server
 * sent, so starting from what the browser already knows waits for a client mount.
 */
export function useClientMount(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
