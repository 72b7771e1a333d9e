import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EmojiPicker } from "./EmojiPicker.tsx";
import { nextEmojiIndex } from "./emoji-grid.ts";

describe("nextEmojiIndex", () => {
  // The picker's sections: Populære 14 (rows of 8 and 6), Smilefjes 32, then three of 16.
  const picker = [14, 32, 16, 16, 16];
  const next = (index: number, key: string, lengths = picker, ctrlKey = false) =>
    nextEmojiIndex(index, { key, ctrlKey }, lengths);

  it("moves one on ArrowLeft/ArrowRight, across rows and sections, and stops at the ends", () => {
    expect(next(0, "ArrowRight")).toBe(1);
    expect(next(7, "ArrowRight")).toBe(8);
    expect(next(13, "ArrowRight")).toBe(14);
    expect(next(14, "ArrowLeft")).toBe(13);
    expect(next(0, "ArrowLeft")).toBe(0);
    expect(next(93, "ArrowRight")).toBe(93);
  });

  it("moves one row on ArrowUp/ArrowDown, into a shorter row clamped to its end", () => {
    expect(next(0, "ArrowDown")).toBe(8);
    expect(next(7, "ArrowDown")).toBe(13);
    expect(next(8, "ArrowUp")).toBe(0);
    expect(next(22, "ArrowUp")).toBe(14);
    expect(next(22, "ArrowDown")).toBe(30);
  });

  it("crosses sections on ArrowUp/ArrowDown in the same column, clamped to the row it lands in", () => {
    expect(next(8, "ArrowDown")).toBe(14);
    expect(next(13, "ArrowDown")).toBe(19);
    expect(next(14, "ArrowUp")).toBe(8);
    expect(next(21, "ArrowUp")).toBe(13);
    expect(next(45, "ArrowDown")).toBe(53);
    expect(next(7, "ArrowDown", [8, 3])).toBe(10);
    expect(next(10, "ArrowUp", [3, 8])).toBe(2);
  });

  it("stays on ArrowUp in the first row and ArrowDown in the last", () => {
    expect(next(3, "ArrowUp")).toBe(3);
    expect(next(90, "ArrowDown")).toBe(90);
  });

  it("goes to the row's ends on Home/End and the picker's on Ctrl+Home/Ctrl+End", () => {
    expect(next(10, "Home")).toBe(8);
    expect(next(10, "End")).toBe(13);
    expect(next(20, "Home")).toBe(14);
    expect(next(20, "End")).toBe(21);
    expect(next(50, "Home", picker, true)).toBe(0);
    expect(next(5, "End", picker, true)).toBe(93);
  });

  it("leaves other keys alone", () => {
    expect(next(3, "Enter")).toBeNull();
    expect(next(3, " ")).toBeNull();
    expect(next(3, "a")).toBeNull();
  });
});

describe("EmojiPicker", () => {
  const emoji = (e: string) => screen.getByRole("button", { name: `Reager med ${e}` });
  const tabStops = () =>
    screen.getAllByRole("button", { name: /^Reager med/ }).filter((b) => b.tabIndex === 0);

  function renderPicker(onOpenChange?: (open: boolean) => void) {
    const onPick = vi.fn();
    render(
      <EmojiPicker
        onPick={onPick}
        onOpenChange={onOpenChange}
        trigger={<button type="button">Reager</button>}
      />,
    );
    const trigger = screen.getByRole("button", { name: "Reager" });
    return { onPick, trigger };
  }

  async function open(trigger: HTMLElement) {
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(emoji("👍")).toHaveFocus());
  }

  it("moves through the quick picks with the arrows, one tab stop, and picks with Enter", async () => {
    const { onPick, trigger } = renderPicker();
    await open(trigger);
    expect(screen.getByRole("grid", { name: "Velg reaksjon" })).toBeInTheDocument();

    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    expect(emoji("😊")).toHaveFocus();
    expect(tabStops()).toEqual([emoji("😊")]);
    await userEvent.keyboard("{End}");
    expect(emoji("😮")).toHaveFocus();
    await userEvent.keyboard("{Home}{ArrowRight}");
    expect(emoji("❤️")).toHaveFocus();

    // Tab leaves the row in one step, Shift+Tab comes back to the same emoji.
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Flere emojier" })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(emoji("❤️")).toHaveFocus();

    await userEvent.keyboard("{Enter}");
    expect(onPick).toHaveBeenCalledExactlyOnceWith("❤️");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("moves through the sections of 'Flere emojier' and picks with Space", async () => {
    const { onPick, trigger } = renderPicker();
    await open(trigger);
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");

    const popular = screen.getByRole("grid", { name: "Populære" });
    await waitFor(() => expect(within(popular).getByRole("button", { name: "Reager med 👍" })).toHaveFocus());
    for (const name of ["Smilefjes", "Gester", "Hjerter", "Objekter"]) {
      expect(screen.getByRole("grid", { name })).toBeInTheDocument();
    }
    expect(tabStops()).toHaveLength(1);

    // Down a row to 🙏, then into Smilefjes at the same column.
    await userEvent.keyboard("{ArrowDown}");
    expect(within(popular).getByRole("button", { name: "Reager med 🙏" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    const smileys = screen.getByRole("grid", { name: "Smilefjes" });
    expect(within(smileys).getByRole("button", { name: "Reager med 😀" })).toHaveFocus();
    // From the end of Smilefjes' first row up into Populære's shorter last row: its end.
    await userEvent.keyboard("{End}{ArrowUp}");
    expect(within(popular).getByRole("button", { name: "Reager med 😅" })).toHaveFocus();
    await userEvent.keyboard("{Control>}{End}{/Control}");
    const objects = screen.getByRole("grid", { name: "Objekter" });
    expect(within(objects).getByRole("button", { name: "Reager med 🚑" })).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(tabStops()).toEqual([within(objects).getByRole("button", { name: "Reager med 🏥" })]);

    await userEvent.keyboard(" ");
    expect(onPick).toHaveBeenCalledExactlyOnceWith("🏥");
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("closes on Escape, returning the focus to the button that opened it", async () => {
    const { onPick, trigger } = renderPicker();
    await open(trigger);
    await userEvent.keyboard("{ArrowRight}{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(onPick).not.toHaveBeenCalled();
  });

  it("tells of the close only once the trigger has the focus back, as MessageActions then hides it", async () => {
    const focusedAtClose: (Element | null)[] = [];
    const { trigger } = renderPicker((open) => {
      if (!open) focusedAtClose.push(document.activeElement);
    });
    await open(trigger);
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(focusedAtClose).toEqual([trigger]));
  });

  it("still picks with the mouse", async () => {
    const { onPick, trigger } = renderPicker();
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole("button", { name: "Reager med 🔥" }));
    expect(onPick).toHaveBeenCalledExactlyOnceWith("🔥");
  });
});
