import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { osloDayNumber, osloTimeZone } from "../../common/domain/shift-block.ts";
import { jokeOfTheDay, jokeTemplates } from "./jokes.ts";

const oslo = (y: number, m: number, d: number, h: number) =>
  new Date(new TZDate(y, m - 1, d, h, 0, 0, 0, osloTimeZone).getTime());

describe("jokeOfTheDay", () => {
  it("has five templates", () => {
    expect(jokeTemplates).toHaveLength(5);
  });

  it("gives the same joke all day in Oslo, also across UTC midnight", () => {
    const morning = jokeOfTheDay(oslo(2025, 6, 10, 0));
    expect(jokeOfTheDay(oslo(2025, 6, 10, 12))).toEqual(morning);
    expect(jokeOfTheDay(oslo(2025, 6, 10, 23))).toEqual(morning);
  });

  it("changes template from one day to the next", () => {
    const today = jokeOfTheDay(oslo(2025, 6, 10, 12));
    const tomorrow = jokeOfTheDay(oslo(2025, 6, 11, 12));
    expect(tomorrow).not.toEqual(today);
  });

  it("uses every filler of every template within a season", () => {
    const seen = new Set<string>();
    const start = oslo(2025, 1, 1, 12).getTime();
    for (let d = 0; d < 120; d++) seen.add(jokeOfTheDay(new Date(start + d * 86_400_000)).setup);
    const total = jokeTemplates.reduce((n, t) => n + t.fillers.length, 0);
    expect(seen.size).toBe(total);
  });

  it("is deterministic and always complete", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (at) => {
          const joke = jokeOfTheDay(at);
          expect(joke).toEqual(jokeOfTheDay(new Date(at.getTime())));
          expect(joke.setup.length).toBeGreaterThan(5);
          expect(joke.punchline.length).toBeGreaterThan(2);
          expect(joke.setup).not.toContain("undefined");
          expect(osloDayNumber(at)).toBeGreaterThan(0);
        },
      ),
    );
  });
});
