import { describe, expect, it } from "vitest";
import { askingForNewer, floorOf, satisfies, versionOf } from "./check-node.mjs";

describe("the Node version check", () => {
  it("reads our engines and a running Node's version", () => {
    expect(versionOf("v20.20.2")).toEqual([20, 20, 2]);
    expect(versionOf(">=20.19")).toEqual([20, 19, 0]);
    expect(satisfies("20.20.2", ">=20.19")).toBe(true);
    expect(satisfies("20.18.3", ">=20.19")).toBe(false);
    expect(satisfies("22.0.0", ">=20.19")).toBe(true);
    expect(() => satisfies("20.20.2", "^20.19")).toThrow(/only ">=x.y.z"/);
  });

  it("finds the lowest Node a package's range admits", () => {
    expect(floorOf(">=22")).toEqual([22, 0, 0]);
    expect(floorOf("^20.19.0 || >=22.12.0")).toEqual([20, 19, 0]);
    expect(floorOf(">= 18")).toEqual([18, 0, 0]);
    expect(floorOf(">=18 <23")).toEqual([18, 0, 0]);
    expect(floorOf("*")).toBeNull();
  });

  it("names the installed packages that ask for a newer Node than ours", () => {
    const lock = {
      packages: {
        "": { version: "0.1.0", engines: { node: ">=20.19" } },
        "node_modules/cookie": { version: "2.0.2", engines: { node: ">=22" } },
        "node_modules/react-router/node_modules/cookie": { version: "1.1.1", engines: { node: ">=18" } },
        "node_modules/ws": { version: "8.18.0", engines: { node: ">=10.0.0" } },
        "node_modules/@scope/pkg": { version: "1.0.0", engines: { node: "^20.19.0 || >=22.12.0" } },
        "node_modules/nothing": { version: "1.0.0" },
      },
    };
    expect(askingForNewer(lock, [20, 19, 0])).toEqual([
      { id: "cookie@2.0.2", name: "cookie", range: ">=22" },
    ]);
  });
});
