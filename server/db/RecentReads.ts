/**
 * What this instance read from the database lately, trusted for at most `maxAgeMs` of real time counted
 * from the moment the read *started* (so nothing committed more than `maxAgeMs` ago can be missed). Real
 * time is a monotonic clock, never the server's injectable clock: tests that move the clock by hours do
 * not age these entries, and a change made elsewhere (another instance, an administrator's SQL) is seen
 * within `maxAgeMs` whatever that clock says. Concurrent misses of one key share one read.
 */
export class RecentReads<V> {
  private readonly entries = new Map<string, { value: V; readAt: number }>();
  private readonly reads = new Map<string, { startedAt: number; promise: Promise<V> }>();
  private lastSweep: number;

  constructor(
    readonly maxAgeMs: number,
    /** Whether a value read is worth keeping (an unknown token is not: it would let anyone fill the map). */
    private readonly keep: (value: V) => boolean = () => true,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.lastSweep = clock();
  }

  /** The value of `key`, read with `read` unless a read started less than `maxAgeMs` ago. */
  get(key: string, read: () => Promise<V>): Promise<V> {
    const at = this.clock();
    const entry = this.entries.get(key);
    if (entry && at - entry.readAt < this.maxAgeMs) return Promise.resolve(entry.value);
    const pending = this.reads.get(key);
    if (pending && at - pending.startedAt < this.maxAgeMs) return pending.promise;
    const promise: Promise<V> = read().then(
      (value) => {
        // Kept only if nothing this instance wrote since made the read out of date (see `forget`).
        if (this.reads.get(key)?.promise === promise) {
          this.reads.delete(key);
          if (this.keep(value)) this.remember(key, value, at);
          else this.entries.delete(key);
        }
        return value;
      },
      (error: unknown) => {
        if (this.reads.get(key)?.promise === promise) this.reads.delete(key);
        throw error;
      },
    );
    this.reads.set(key, { startedAt: at, promise });
    return promise;
  }

  /** A value this instance has just written (and committed): trusted from now on. */
  set(key: string, value: V): void {
    this.reads.delete(key);
    this.remember(key, value, this.clock());
  }

  /** After this instance changed what `key` reads: the next use reads again, and a read already under way is not kept. */
  forget(key: string): void {
    this.reads.delete(key);
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(key: string, value: V, readAt: number): void {
    // Refreshed keys move to the end; stale ones are dropped now and then, so the map holds only what is in use.
    this.entries.delete(key);
    this.entries.set(key, { value, readAt });
    const at = this.clock();
    if (at - this.lastSweep < Math.max(10 * this.maxAgeMs, 1000)) return;
    this.lastSweep = at;
    for (const [stale, entry] of this.entries) if (at - entry.readAt >= this.maxAgeMs) this.entries.delete(stale);
  }
}
