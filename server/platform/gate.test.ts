import { describe, expect, it } from "vitest";
import { Gate } from "./gate.ts";

const patient = { maxWaitMs: 60_000, timedOut: () => new Error("waited too long") };

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
    const gate = new Gate(2, patient);
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
    const gate = new Gate(1, patient);
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

  it("fails a work that waits longer than `maxWaitMs`, and keeps the line behind it", async () => {
    const gate = new Gate(1, { maxWaitMs: 50, timedOut: () => new Error("waited too long") });
    const started: number[] = [];
    const hanging = controlled(started, 1);
    const running = gate.run(hanging.work);
    const waiters = [2, 3].map((n) => gate.run(controlled(started, n).work));
    const outcomes = await Promise.allSettled(waiters);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect((outcomes[0] as PromiseRejectedResult).reason.message).toBe("waited too long");
    expect(started).toEqual([1]);
    // Those who gave up left the line: the slot goes to the next newcomer, once.
    hanging.finish();
    await running;
    const next = controlled(started, 4);
    const nextDone = gate.run(next.work);
    await settle();
    expect(started).toEqual([1, 4]);
    next.finish();
    expect(await nextDone).toBe(4);
    const after = controlled(started, 5);
    const afterDone = gate.run(after.work);
    await settle();
    expect(started).toEqual([1, 4, 5]);
    after.finish();
    await afterDone;
  });
});
