// Active time on one item, framework-free: time counts while the page is visible, the window has
// focus and the rater gave input (key, pointer, wheel, scroll) within the last IDLE_MS. A rater who
// walks away stops counting one minute after their last input; the minute itself counts (reading).
// Time is only ever settled up to "now", so the sum never includes the future or idle stretches.

export const IDLE_MS = 60_000;

export interface ActiveTimeState {
  visible: boolean;
  focused: boolean;
}

export class ActiveTimeTracker {
  private visible: boolean;
  private focused: boolean;
  private lastInputAt: number;
  private settledAt: number;
  private pending = 0;

  /** `now` is the start (opening the item counts as input). */
  constructor(
    now: number,
    state: ActiveTimeState,
    private readonly idleMs = IDLE_MS,
  ) {
    this.visible = state.visible;
    this.focused = state.focused;
    this.lastInputAt = now;
    this.settledAt = now;
  }

  /** Adds the active part of [settledAt, now] under the state that held during it. */
  private settle(now: number): void {
    if (now <= this.settledAt) return;
    if (this.visible && this.focused) {
      const activeUntil = Math.min(now, this.lastInputAt + this.idleMs);
      if (activeUntil > this.settledAt) this.pending += activeUntil - this.settledAt;
    }
    this.settledAt = now;
  }

  input(now: number): void {
    this.settle(now);
    this.lastInputAt = Math.max(this.lastInputAt, now);
  }

  setVisible(visible: boolean, now: number): void {
    this.settle(now);
    this.visible = visible;
  }

  setFocused(focused: boolean, now: number): void {
    this.settle(now);
    this.focused = focused;
  }

  /** Whether time is counting at `now`. */
  isActive(now: number): boolean {
    return this.visible && this.focused && now < this.lastInputAt + this.idleMs;
  }

  /** Active milliseconds not yet taken, settled up to `now` (left in place). */
  peek(now: number): number {
    this.settle(now);
    return this.pending;
  }

  /** Active milliseconds since the last take (whole ms), settled up to `now`, and resets them. */
  take(now: number): number {
    this.settle(now);
    const whole = Math.floor(this.pending);
    this.pending -= whole;
    return whole;
  }

  /** Gives back what a failed report took, so it is sent with the next one. */
  giveBack(ms: number): void {
    this.pending += ms;
  }
}
