import { describe, expect, it } from "vitest";
import { offer, swapShift } from "../swaps-api.test-support.ts";
import { activeFilters, filterOffers, isFiltered, noFilters, type OfferFilters } from "./filters.ts";

const now = new Date();
const night = offer({ wantTimeTags: ["natt"], shift: swapShift({ day: 0, hours: [23, 7] }) });
const weekend = offer({ wantTimeTags: ["helg", "dag"], requireSwap: false, shift: swapShift({ day: 5 }) });
const matched = offer({ status: "matched", shift: swapShift({ day: 20 }) });
const cancelled = offer({ status: "cancelled", requireSwap: false, shift: swapShift({ day: 60 }) });
const gone = offer({ shift: null });
const all = [night, weekend, matched, cancelled, gone];

const run = (f: Partial<OfferFilters>) => filterOffers(all, { ...noFilters, ...f }, now).map((o) => o.id);

describe("activeFilters", () => {
  it("counts each of the four filters once, however much it holds", () => {
    expect(activeFilters(noFilters)).toBe(0);
    expect(activeFilters({ ...noFilters, search: "  " })).toBe(0);
    expect(activeFilters({ ...noFilters, statuses: ["open", "matched"] })).toBe(1);
    expect(
      activeFilters({ search: "natt", statuses: ["open"], types: ["swap", "giveaway"], time: "week" }),
    ).toBe(4);
  });
});

describe("filterOffers", () => {
  it("keeps everything without filters", () => {
    expect(run({})).toEqual(all.map((o) => o.id));
    expect(isFiltered(noFilters)).toBe(false);
  });

  it("searches the wished time tags and the status by their labels, case-insensitive", () => {
    expect(run({ search: "NATT" })).toEqual([night.id]);
    expect(run({ search: "helg" })).toEqual([weekend.id]);
    expect(run({ search: "matchet" })).toEqual([matched.id]);
    expect(run({ search: "  Åpen " })).toEqual([night.id, weekend.id, gone.id]);
    expect(run({ search: "ingenting" })).toEqual([]);
  });

  it("keeps any of the statuses chosen", () => {
    expect(run({ statuses: ["matched", "cancelled"] })).toEqual([matched.id, cancelled.id]);
  });

  it("filters by type; both types or none are all", () => {
    expect(run({ types: ["swap"] })).toEqual([night.id, matched.id, gone.id]);
    expect(run({ types: ["giveaway"] })).toEqual([weekend.id, cancelled.id]);
    expect(run({ types: ["swap", "giveaway"] })).toEqual(run({}));
  });

  it("filters by the offered shift's start: today, 7 days, a month; no date only under 'Alle'", () => {
    expect(run({ time: "today" })).toEqual([night.id]);
    expect(run({ time: "week" })).toEqual([night.id, weekend.id]);
    expect(run({ time: "month" })).toEqual([night.id, weekend.id, matched.id]);
  });

  it("combines the filters", () => {
    const filters = { search: "åpen", types: ["giveaway"] as const, time: "week" as const };
    expect(run(filters)).toEqual([weekend.id]);
    expect(isFiltered({ ...noFilters, ...filters })).toBe(true);
  });
});
