import { describe, expect, it } from "vitest";
import { Gate } from "./gate.ts";

/** Work that ends when told to, and says when it started. */
function controlled(started: number[], n: number) {
  let finish!: (value: number) => void;
  let fail!: (error: Error) => void;
  const work = () =>
    new Promise<number>((resolve, reject) => {
      started.push(n);
      finish = resolve;
      fail = reject;
    });
  return { work, finish: () => finish(n), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("Gate", () => {
  it("lets `max` work at once and the rest in the order they came", async () => {
    const gate = new Gate(2);
    const started: number[] = [];
    const works = [1, 2, 3, 4, 5].map((n) => controlled(started, n));
    const done = works.map((w) => gate.run(w.work));
    await settle();
    expect(started).toEqual([1, 2]);
    works[1]!.finish();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    // A newcomer waits behind those already waiting.
    const late = controlled(started, 6);
    const lateDone = gate.run(late.work);
    works[0]!.finish();
    await settle();
    expect(started).toEqual([1, 2, 3, 4]);
    works[2]!.finish();
    works[3]!.finish();
    await settle();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    works[4]!.finish();
    late.finish();
    expect(await Promise.all([...done, lateDone])).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("gives a failed work's error to its caller and its place to the next", async () => {
    const gate = new Gate(1);
    const started: number[] = [];
    const first = controlled(started, 1);
    const second = controlled(started, 2);
    const failed = gate.run(first.work);
    const next = gate.run(second.work);
    await settle();
    first.fail(new Error("database down"));
    await expect(failed).rejects.toThrow("database down");
    await settle();
    expect(started).toEqual([1, 2]);
    second.finish();
    expect(await next).toBe(2);
    // Nothing is held: the next work starts at once.
    const third = controlled(started, 3);
    const thirdDone = gate.run(third.work);
    await settle();
    expect(started).toEqual([1, 2, 3]);
    third.finish();
    await thirdDone;
  });
});
