// Keys typed between "next item" and the next item being on the screen.
//
// The bug this exists for: after `n`, the old case page stays mounted (saving, then the client
// navigation fetches the next page) and its keyboard handler stayed bound to the old item's
// queues, so a digit typed 20 ms after `n` re-rated the item the rater had just left while the
// screen already promised the next one. From `n` on, the panel's keys are taken by this hold
// (a capture listener on window, ahead of every panel listener, that survives the old panel's
// unmount); the next panel claims them once it is mounted and applies them in order. If no panel
// claims them (the rater stays, or navigation fails), they are dropped and the count is reported
// so the panel can say so: never applied to the old item.

import { shortcutFor } from "./shortcuts";

export interface HeldKey {
  key: string;
  shiftKey: boolean;
}

export interface HoldState {
  /** The assignment that was left, while holding; null otherwise. */
  from: string | null;
  held: number;
  /** Keys given up by the last cancel or timeout (shown as a cue), and when. */
  dropped: { count: number; at: number } | null;
}

/** Long enough for a slow server, short enough that a forgotten hold cannot swallow typing. */
export const HOLD_TIMEOUT_MS = 15_000;

type Filter = (event: KeyboardEvent) => boolean;

export class KeyHold {
  private state: HoldState = IDLE_HOLD;
  private keys: HeldKey[] = [];
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private detach: (() => void) | null = null;

  constructor(
    private readonly target: Pick<Window, "addEventListener" | "removeEventListener"> | null,
    private readonly accepts: Filter,
    private readonly timeoutMs = HOLD_TIMEOUT_MS,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): HoldState => this.state;

  get holding(): boolean {
    return this.state.from !== null;
  }

  /** Starts holding for the item `from` is leaving; `initial` are keys already waiting (a replay that reached another `n`). */
  start(from: string, initial: readonly HeldKey[] = []): void {
    this.stopListening();
    this.keys = [...initial];
    this.set({ from, held: this.keys.length, dropped: null });
    if (this.target) {
      const listener = (event: KeyboardEvent) => {
        if (!this.accepts(event)) return;
        // Capture phase on window: no panel listener (on document) sees this key.
        event.preventDefault();
        event.stopImmediatePropagation();
        this.add({ key: event.key, shiftKey: event.shiftKey });
      };
      this.target.addEventListener("keydown", listener, true);
      this.detach = () => this.target?.removeEventListener("keydown", listener, true);
    }
    this.timer = setTimeout(() => this.cancel(), this.timeoutMs);
  }

  add(key: HeldKey): void {
    if (!this.holding) return;
    this.keys.push(key);
    this.set({ ...this.state, held: this.keys.length });
  }

  /** The keys for the panel of `to`, if they were typed while leaving another item; stops holding. */
  claim(to: string): HeldKey[] | null {
    if (!this.holding || this.state.from === to) return null;
    const keys = this.keys;
    this.stop({ from: null, held: 0, dropped: null });
    return keys;
  }

  /** The rater stays (or nobody claimed the keys): drop them, visibly. Returns how many. */
  cancel(): number {
    if (!this.holding) return 0;
    const count = this.keys.length;
    this.stop({ from: null, held: 0, dropped: count > 0 ? { count, at: Date.now() } : this.state.dropped });
    return count;
  }

  private stop(next: HoldState): void {
    this.stopListening();
    this.keys = [];
    this.set(next);
  }

  private stopListening(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.detach?.();
    this.detach = null;
  }

  private set(next: HoldState): void {
    this.state = next;
    this.listeners.forEach((l) => l());
  }
}

export const IDLE_HOLD: HoldState = { from: null, held: 0, dropped: null };

/** The rating panel's keys (never text typing, modifiers or IME), whatever the item's state. */
function isPanelKey(event: KeyboardEvent): boolean {
  const action = shortcutFor(event, { readOnly: false, allRated: true, helpOpen: false });
  return action !== null && action.type !== "leave-text";
}

let shared: KeyHold | null = null;
/** One hold per page (module state outlives the panel that started it); null on the server. */
export function sharedKeyHold(): KeyHold | null {
  if (typeof window === "undefined") return null;
  shared ??= new KeyHold(window, isPanelKey);
  return shared;
}
