import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketPage } from "../../../common/schemas/swaps.ts";
import { user } from "../../db/schema.ts";
import { seedDemoSwaps } from "../../db/seed/demo-swaps.ts";
import { signedInClient } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";

describe("the demo's swap offers", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoSwaps(t.ctx.db);
  });
  afterAll(() => t.close());

  const as = async (email: string) => {
    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, email));
    return signedInClient(t, u!.id);
  };

  it("puts Kari's give-away and Ola's swap on the Anestesi market, and nothing in Intensiv", async () => {
    const lars = await as("leder@demo.no");
    const { offers } = marketPage.parse((await lars.get("/api/swaps/market")).json());
    expect(offers.map((o) => [o.owner.name, o.requireSwap])).toEqual([
      ["Kari Nordmann", false],
      ["Ola Nordmann", true],
    ]);
    const ola = await as("ola@demo.no");
    const market = marketPage.parse((await ola.get("/api/swaps/market")).json()).offers;
    expect(market).toHaveLength(1);
    expect(market[0]!.can.claim).toBe(true);
    const per = await as("intensiv@demo.no");
    expect((await per.get("/api/swaps/market")).json().offers).toEqual([]);
  });
});
