// A patient's event ids and times as pass 1 keeps them until the instances arrive
// (validate-ehr.ts): the evidence rules look up the time of each cited event.

/**
 * One patient's event_id → source time, packed into two strings and their end offsets: pass 1
 * keeps this for every patient until the instances arrive (250k events in the full benchmark),
 * and a Map of 2 × 250k small strings was ~25 MB of live heap, which V8 multiplies before it
 * collects. Lookups are rare (cited evidence only), so a linear scan is fine.
 */
export class EventTimes {
  private constructor(
    private readonly ids: string,
    private readonly times: string,
    private readonly idEnds: Uint32Array,
    private readonly timeEnds: Uint32Array,
  ) {}

  static of(events: readonly { id: string; time: string }[]): EventTimes {
    const ids = events.map((e) => e.id).join("");
    const times = events.map((e) => e.time).join("");
    return new EventTimes(ids, times, ends(events.map((e) => e.id.length)), ends(events.map((e) => e.time.length)));
  }

  /** The same index from its fields as a structured clone (v8.serialize) gives them back, without the class. */
  static revive(o: EventTimes): EventTimes {
    if (o instanceof EventTimes) return o;
    const f = o as unknown as { ids: string; times: string; idEnds: Uint32Array; timeEnds: Uint32Array };
    return new EventTimes(f.ids, f.times, f.idEnds, f.timeEnds);
  }

  get(id: string): string | undefined {
    for (let k = 0, start = 0; k < this.idEnds.length; start = this.idEnds[k++]!) {
      if (this.idEnds[k]! - start === id.length && this.ids.startsWith(id, start))
        return this.times.slice(k === 0 ? 0 : this.timeEnds[k - 1], this.timeEnds[k]);
    }
    return undefined;
  }
}

function ends(lengths: number[]): Uint32Array {
  const out = new Uint32Array(lengths.length);
  lengths.reduce((sum, n, k) => (out[k] = sum + n), 0);
  return out;
}
