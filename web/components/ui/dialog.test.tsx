import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { Dialog, DialogContent } from "./dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "./dropdown-menu.tsx";

/** A dialog opened the way most of ours are: by state, from a plain button or a menu item. */
function Opened({ from }: { from: "button" | "menu" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {from === "button" ? (
        <Button onClick={() => setOpen(true)}>Ny ekstravakt</Button>
      ) : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button aria-label="Handlinger">…</Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={() => setOpen(true)}>Rediger</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent title="Skjema">
            <input aria-label="Felt" />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

/** An "are you sure?" dialog opened by a plain button. */
function Confirming() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Slett</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Slett bruker"
        description="Kan ikke angres."
        confirmLabel="Slett bruker"
        cancelLabel="Avbryt"
        onConfirm={() => {}}
      />
    </>
  );
}

describe("a dialog closed with Escape", () => {
  it("gives focus back to the button that opened it", async () => {
    render(<Opened from="button" />);
    const opener = screen.getByRole("button", { name: "Ny ekstravakt" });
    await userEvent.click(opener);
    await screen.findByRole("dialog", { name: "Skjema" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("gives focus back to the menu's button when a menu item opened it", async () => {
    render(<Opened from="menu" />);
    const trigger = screen.getByRole("button", { name: "Handlinger" });
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(await screen.findByRole("menuitem", { name: "Rediger" }));
    await screen.findByRole("dialog", { name: "Skjema" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("gives focus back from an 'are you sure?' dialog too", async () => {
    render(<Confirming />);
    const opener = screen.getByRole("button", { name: "Slett" });
    await userEvent.click(opener);
    await screen.findByRole("alertdialog", { name: "Slett bruker" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
