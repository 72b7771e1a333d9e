import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ThreadFrame } from "./ThreadFrame.tsx";

const frame = (back?: { to: string; label: string }) =>
  render(
    <MemoryRouter>
      <ThreadFrame title="Ola Nordmann" subtitle="Direktemelding" back={back}>
        <p>meldinger</p>
      </ThreadFrame>
    </MemoryRouter>,
  );

describe("ThreadFrame", () => {
  it("gives a thread of a list an arrow back to it, shown on the phone only, and its name as seen", () => {
    frame({ to: "/chat/dm", label: "Tilbake til direktemeldinger" });
    const back = screen.getByRole("link", { name: "Tilbake til direktemeldinger" });
    expect(back).toHaveAttribute("href", "/chat/dm");
    expect(back).toHaveClass("md:hidden");
    // The conversation's name is what the phone's header does not say: it stays in sight.
    expect(screen.getByRole("heading", { level: 1, name: "Ola Nordmann" })).not.toHaveClass("max-md:sr-only");
  });

  it("leaves a top-level thread's name to the phone's header, for screen readers still", () => {
    frame();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Ola Nordmann" })).toHaveClass("max-md:sr-only");
    expect(screen.getByText("Direktemelding")).toBeVisible();
  });
});
