import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refetchAfterReads } from "./query.ts";

/** A query whose reads answer only when told, each with the "database" state at its start. */
function setup() {
  const client = new QueryClient();
  let state = "before";
  const reads: Array<{ saw: string; answer: () => void }> = [];
  const observer = new QueryObserver(client, {
    queryKey: ["shifts"],
    queryFn: () => {
      const saw = state;
      return new Promise<string>((resolve) => reads.push({ saw, answer: () => resolve(saw) }));
    },
  });
  const stop = observer.subscribe(() => {});
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    client,
    reads,
    settle,
    change: () => {
      state = "after";
    },
    held: () => client.getQueryData<string>(["shifts"]),
    stop,
  };
}

describe("refetchAfterReads", () => {
  it("reads once more after a read under way that began before the change", async () => {
    const t = setup();
    expect(t.reads).toHaveLength(1);
    t.change();
    refetchAfterReads(t.client, ["shifts"]);
    refetchAfterReads(t.client, ["shifts"]);
    t.reads[0]!.answer();
    await t.settle();
    // One read more however many events came meanwhile, and it sees the change.
    expect(t.reads).toHaveLength(2);
    expect(t.reads[1]!.saw).toBe("after");
    t.reads[1]!.answer();
    await t.settle();
    expect(t.held()).toBe("after");
    t.stop();
  });

  it("reads at once when nothing is under way", async () => {
    const t = setup();
    t.reads[0]!.answer();
    await t.settle();
    t.change();
    refetchAfterReads(t.client, ["shifts"]);
    expect(t.reads).toHaveLength(2);
    t.reads[1]!.answer();
    await t.settle();
    expect(t.held()).toBe("after");
    expect(t.reads).toHaveLength(2);
    t.stop();
  });
});
