// A clock the test moves by hand that is also a scheduler: pass it as both `now` and `scheduler`
// (`createRestCache({ now: clock.now, scheduler: clock })`) and `advance(ms)` runs, in time order,
// each timer of the cache that falls due, instead of the test waiting real time.

interface Timer {
  readonly at: number;
  readonly ms: number;
  readonly callback: () => void;
}

export type Clock = ReturnType<typeof makeClock>;

/** A manual clock and scheduler starting at `start` (ms). */
export function makeClock(start = 1_700_000_000_000) {
  let time = start;
  let lastId = 0;
  const timers = new Map<number, Timer>();
  return {
    now: () => time,
    setTimeout(callback: () => void, ms: number): number {
      timers.set(++lastId, { at: time + ms, ms, callback });
      return lastId;
    },
    clearTimeout(handle: unknown): void {
      timers.delete(handle as number);
    },
    /** The delays (ms) the timers still waiting were set with, oldest first. */
    get delays(): number[] {
      return [...timers.values()].map((timer) => timer.ms);
    },
    /** Moves the time by `ms`, running each timer due by then at its own time (timers they set run too when due). */
    advance(ms = 1): number {
      const end = time + ms;
      for (;;) {
        let due: [number, Timer] | undefined;
        // Strictly earlier wins: timers due at the same time run in the order they were set.
        for (const entry of timers) if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry;
        if (due === undefined) break;
        timers.delete(due[0]);
        time = due[1].at;
        due[1].callback();
      }
      time = end;
      return time;
    },
    /** Sets the time, running no timer. */
    set(value: number): void {
      time = value;
    },
  };
}
