import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { baseHandlers, mockApi, renderApp, session } from "../../../test/app.tsx";

describe("the extra-shift grid while it loads", () => {
  it("outlines each card with the card's large (44 px) action button, as the swap lists do", async () => {
    const never = () => new Promise<never>(() => {});
    mockApi({ ...baseHandlers(session("staff")), "GET /api/shifts": never, "GET /api/shifts/counts": never });
    renderApp("/shifts/open");
    const label = await screen.findByText("Laster åpne ekstravakter...");
    const outlines = label.closest("[role=status]")?.querySelectorAll(":scope > div") ?? [];
    expect(outlines).toHaveLength(3);
    for (const outline of outlines) expect(outline.lastElementChild).toHaveClass("h-11");
  });
});
