/**
 * Keep-alive pings spread over the interval: each socket is pinged once per interval as
 * before, but a tenth of them at a time, on ticks a tenth of the interval apart. A
 * thousand pings written at once held the event loop for 7–13 ms every 30 s (a hundred:
 * 0.5–1 ms), their thousand pongs came back together, and every chat delivery due in
 * that moment waited behind them.
 */
export const keepAliveSlices = 10;

/** Members, each with its turn: the realtime hub keeps its open sockets here, and only here. */
export class KeepAliveTurns<T> {
  private readonly turns = new Map<T, number>();
  private next = 0;
  private tick = 0;

  /** `member` gets the next turn, so the sockets of a moment spread over the slices. */
  add(member: T) {
    this.turns.set(member, this.next);
    this.next = (this.next + 1) % keepAliveSlices;
  }

  remove(member: T) {
    this.turns.delete(member);
  }

  get size(): number {
    return this.turns.size;
  }

  /** Every member, whatever its turn. */
  members(): IterableIterator<T> {
    return this.turns.keys();
  }

  /** The members whose turn this tick is; called every interval / `keepAliveSlices`. */
  due(): T[] {
    const turn = this.tick;
    this.tick = (this.tick + 1) % keepAliveSlices;
    const due: T[] = [];
    for (const [member, t] of this.turns) if (t === turn) due.push(member);
    return due;
  }
}
