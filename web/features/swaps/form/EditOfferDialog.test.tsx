import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { offer, swapsServer } from "../swaps-api.test-support.ts";

describe("'Rediger vaktilbud'", { timeout: 15_000 }, () => {
  it("shows the wished dates as dd.mm.åååå and sends them back as yyyy-mm-dd", async () => {
    const api = swapsServer({
      offers: [
        offer({ wantDateFrom: "2027-01-17", wantDateTo: "2027-01-24", can: { edit: true, cancel: true } }),
      ],
    });
    renderApp("/shifts/swaps");
    await userEvent.click(await screen.findByRole("button", { name: "Rediger tilbud" }));
    const dialog = await screen.findByRole("dialog", { name: "Rediger vaktilbud" });
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field("Ønsket fra dato")).toHaveValue("17.01.2027");
    expect(field("Ønsket til dato")).toHaveValue("24.01.2027");
    await userEvent.clear(field("Ønsket til dato"));
    await userEvent.type(field("Ønsket til dato"), "31.01.2027");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Tilbud oppdatert")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("PATCH", `/api/swaps/offers/${api.offers[0]!.id}`)[0]?.body).toMatchObject({
      wantDateFrom: "2027-01-17",
      wantDateTo: "2027-01-31",
    });
  });
});
