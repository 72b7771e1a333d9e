import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PrivacyWarning, privacyFieldClass } from "./PrivacyWarning.tsx";
import { drafts, idNumber } from "./texts.test-support.ts";
import { usePrivacyCheck } from "./use-privacy-check.ts";

const texts = {
  high: "ADVARSEL: Kan inneholde sensitive personopplysninger... Ikke send!",
  medium: "Mulige personopplysninger oppdaget... Vær forsiktig!",
  low: "Sjekk om meldingen inneholder personopplysninger",
};

describe("PrivacyWarning", () => {
  it("says the spec's text for each level in a polite status region", () => {
    const { rerender } = render(<PrivacyWarning id="warning" level={null} />);
    const region = screen.getByRole("status");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(region).toHaveAttribute("id", "warning");
    // Present but empty when clean, so the first warning is announced.
    expect(region).toBeEmptyDOMElement();

    for (const level of ["high", "medium", "low"] as const) {
      rerender(<PrivacyWarning id="warning" level={level} />);
      expect(screen.getByRole("status")).toBe(region);
      expect(region).toHaveTextContent(texts[level]);
    }
    rerender(<PrivacyWarning id="warning" level={null} />);
    expect(region).toBeEmptyDOMElement();
  });

  it("colours the field per level, and not at all when clean", () => {
    expect(privacyFieldClass("high")).toContain("border-error");
    expect(privacyFieldClass("medium")).toContain("border-warning");
    expect(privacyFieldClass("low")).toContain("border-info");
    expect(privacyFieldClass(null)).toBe("");
  });
});

/** A field with the check and the warning, as the composer has them. */
function Draft({ text }: { text: string }) {
  const { confidence } = usePrivacyCheck(text);
  return <PrivacyWarning level={confidence} />;
}

describe("typing with the warning", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const pause = () => act(() => vi.advanceTimersByTime(300));

  it("does not touch the region's text while the level stays the same", () => {
    const { rerender } = render(<Draft text={drafts.high} />);
    pause();
    const node = screen.getByText(texts.high).firstChild;
    expect(node).toBeInstanceOf(Text);

    // Keystrokes that keep it high, each checked after a pause.
    for (const more of [" og", " og han", ` og han har ${idNumber}`]) {
      rerender(<Draft text={drafts.high + more} />);
      pause();
      expect(screen.getByText(texts.high).firstChild).toBe(node);
    }
  });

  it("changes the text when the level changes", () => {
    const { rerender } = render(<Draft text={drafts.medium} />);
    pause();
    expect(screen.getByRole("status")).toHaveTextContent(texts.medium);
    rerender(<Draft text={`${drafts.medium} og ${idNumber}`} />);
    pause();
    expect(screen.getByRole("status")).toHaveTextContent(texts.high);
    rerender(<Draft text={drafts.clean} />);
    pause();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
