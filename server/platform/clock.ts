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
