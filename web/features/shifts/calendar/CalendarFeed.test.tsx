import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { shiftsServer } from "../shifts-api.test-support.ts";

describe("'Abonner i kalender'", () => {
  it("makes, copies, renews and switches off my calendar address", async () => {
    const user = userEvent.setup();
    const api = shiftsServer([]);
    let url: string | null = null;
    let made = 0;
    api.reply["GET /api/shifts/calendar"] = () => ({ status: 200, body: { url } });
    api.reply["POST /api/shifts/calendar"] = () => {
      made += 1;
      url = `http://localhost/cal/hemmelig-${made}`;
      return { status: 200, body: { url } };
    };
    api.reply["DELETE /api/shifts/calendar"] = () => {
      url = null;
      return { status: 200, body: { url } };
    };
    renderApp("/shifts/assigned");
    await user.click(await screen.findByRole("button", { name: "Abonner i kalender" }));
    const dialog = await screen.findByRole("dialog", { name: "Abonner i kalender" });
    expect(await within(dialog).findByText("Du har ingen kalenderlenke ennå.")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Lag kalenderlenke" }));
    const address = await within(dialog).findByRole("textbox", { name: "Kalenderlenke" });
    expect(address).toHaveValue("http://localhost/cal/hemmelig-1");
    await user.click(within(dialog).getByRole("button", { name: "Kopier" }));
    expect(await screen.findByText("Kopiert")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe("http://localhost/cal/hemmelig-1");

    expect(within(dialog).getByText(/Den gamle lenken slutter da å virke/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Forny lenke" }));
    expect(await screen.findByText("Ny kalenderlenke laget")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Kalenderlenke" })).toHaveValue(
      "http://localhost/cal/hemmelig-2",
    );

    await user.click(within(dialog).getByRole("button", { name: "Slå av" }));
    expect(await within(dialog).findByText("Du har ingen kalenderlenke ennå.")).toBeInTheDocument();
    expect(screen.getByText("Kalenderabonnementet er slått av")).toBeInTheDocument();
  });
});
