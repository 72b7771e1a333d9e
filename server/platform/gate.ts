/**
 * At most `max` of one kind of work under way at once in this instance; the rest wait
 * their turn, first come first served. Searches pass one (SEARCH_CONCURRENCY): a burst
 * of them then cannot take every connection of the pool from the chat, and the
 * database works on a few at a time instead of sharing its cores among many, which on
 * 2 cores cut the searches' p99 by a fifth at the same rate (docs/operations.md §
 * Searches at once).
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running++;
    else await new Promise<void>((go) => this.waiting.push(go));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so no newcomer overtakes it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
