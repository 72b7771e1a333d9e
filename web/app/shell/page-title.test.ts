import { describe, expect, it } from "vitest";
import { breakableTitle } from "./page-title.ts";

describe("breakableTitle", () => {
  it("puts a soft hyphen at the seam of the long compounds, and nowhere else", () => {
    expect(breakableTitle("Direktemeldinger")).toBe("Direkte\u00ADmeldinger");
    expect(breakableTitle("Administrer ekstravakter")).toBe("Administrer ekstra\u00ADvakter");
    expect(breakableTitle("Avdeling")).toBe("Avdeling");
  });

  it("reads as the title once the soft hyphens are left out", () => {
    for (const title of ["Direktemeldinger", "Ekstravakter", "Administrer ekstravakter", "Min profil"])
      expect(breakableTitle(title).replaceAll("\u00AD", "")).toBe(title);
  });
});
