/**
 * At most `max` of one kind of work under way at once in this instance; the rest wait
 * their turn, first come first served. Searches pass one (SEARCH_CONCURRENCY): a burst
 * of them then cannot take every connection of the pool from the chat, and the
 * database works on a few at a time instead of sharing its cores among many, which on
 * 2 cores cut the searches' p99 by a fifth at the same rate (docs/operations.md §
 * Searches at once).
 *
 * A turn is waited for no longer than `maxWaitMs`, then the work fails with
 * `timedOut()`: when what runs hangs (a database that finishes nothing), those behind
 * it get their answer as soon as they would have from the pool, not one timeout after
 * another.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly opts: { maxWaitMs: number; timedOut: () => Error },
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running++;
    else await this.turn();
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so no newcomer overtakes it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Waits in line for a slot handed over; leaves the line when it takes too long. */
  private turn() {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(go), 1);
        reject(this.opts.timedOut());
      }, this.opts.maxWaitMs);
      this.waiting.push(go);
    });
  }
}
