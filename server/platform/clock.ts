/**
 * Time and chance as dependencies: code that decides by the time ("is this shift over?")
 * or by a draw (fair assignment among equals) asks these instead of `new Date()` and
 * `Math.random()`, so that tests can fix both and nothing random is guessable.
 */
import { randomInt, randomUUID } from "node:crypto";

export interface Clock {
  now(): Date;
}

export interface RandomSource {
  uuid(): string;
  /** an integer in [0, maxExclusive) */
  int(maxExclusive: number): number;
}

export const systemClock: Clock = { now: () => new Date() };

/** Cryptographic, because draws decide who gets a shift and must not be predictable. */
export const cryptoRandom: RandomSource = {
  uuid: () => randomUUID(),
  int: (maxExclusive) => randomInt(maxExclusive),
};

/**
 * The system clock plus an offset that only grows: browser tests move the server's time
 * forward (`MOVABLE_CLOCK`, never in production) to see what is due minutes later.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): Date {
    this.offsetMs += Math.max(0, ms);
    return this.now();
  }
}
