import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiCall, baseHandlers, mockApi, renderApp, session } from "../../../test/app.tsx";

const admin = session("admin");
const url = "/api/notifications/broadcast";
const sent = (calls: ApiCall[]) => calls.filter((c) => c.method === "POST" && c.path === url);

// The first render of the app loads its pages lazily, which may take a while on a busy machine.
const openDialog = async () => {
  await userEvent.click(
    await screen.findByRole("button", { name: "Send varsel til alle" }, { timeout: 15_000 }),
  );
  return screen.findByRole("dialog", { name: "Send varsel til alle" });
};

async function chooseType(dialog: HTMLElement, label: string) {
  await userEvent.click(within(dialog).getByRole("combobox", { name: "Type" }));
  await userEvent.click(await screen.findByRole("option", { name: label }));
}

describe("Send varsel til alle", { timeout: 20_000 }, () => {
  it("is offered to admins only", async () => {
    mockApi(baseHandlers(session("leader")));
    const view = renderApp("/admin/users");
    expect(
      await screen.findByRole("heading", { name: "Administrasjon" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send varsel til alle" })).not.toBeInTheDocument();
    view.unmount();

    mockApi(baseHandlers(admin));
    renderApp("/admin/users");
    expect(await screen.findByRole("button", { name: "Send varsel til alle" })).toBeInTheDocument();
  });

  it("sends once a type and a title are there, and names how many it reached", async () => {
    const calls = mockApi({ ...baseHandlers(admin), [`POST ${url}`]: { count: 5 } });
    renderApp("/admin/users");
    const dialog = await openDialog();
    const send = within(dialog).getByRole("button", { name: "Send varsel" });
    expect(send).toBeDisabled();

    await userEvent.type(within(dialog).getByRole("textbox", { name: "Tittel" }), "Nedetid i kveld");
    expect(within(dialog).getByText("15/100 tegn")).toBeInTheDocument();
    expect(send).toBeDisabled();
    await chooseType(dialog, "Vedlikehold");
    expect(send).toBeEnabled();
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: "Beskrivelse (valgfritt)" }),
      "Fra 22 til 23.",
    );
    expect(within(dialog).getByText("14/500 tegn")).toBeInTheDocument();
    // 'Tilleggsinformasjon' waits behind 'Avansert', closed until asked for.
    const advanced = within(dialog).getByText("Avansert").closest("details")!;
    expect(advanced).not.toHaveAttribute("open");
    await userEvent.click(within(dialog).getByText("Avansert"));
    await waitFor(() => expect(advanced).toHaveAttribute("open"));
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: "Tilleggsinformasjon (JSON)" }),
      '{{"minutter": 60}',
    );
    await userEvent.click(send);

    expect(await screen.findByText("Varsel sendt til 5 brukere")).toBeInTheDocument();
    expect(screen.getByText("Varsel sendt")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent(calls).map((c) => c.body)).toEqual([
      {
        type: "maintenance",
        title: "Nedetid i kveld",
        description: "Fra 22 til 23.",
        extra: { minutter: 60 },
      },
    ]);
  });

  it("refuses a title of blanks with the spec's toast, sending nothing", async () => {
    const calls = mockApi({ ...baseHandlers(admin), [`POST ${url}`]: { count: 5 } });
    renderApp("/admin/users");
    const dialog = await openDialog();
    await chooseType(dialog, "Kunngjøring");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Tittel" }), "   ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send varsel" }));
    expect(await screen.findByText("Fyll ut påkrevde felter")).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Type og tittel må fylles ut");
    expect(within(dialog).getByRole("textbox", { name: "Tittel" })).toHaveAttribute("aria-invalid", "true");
    expect(sent(calls)).toEqual([]);
  });

  it.each([["{ikke json"], ["[1, 2]"], ['"tekst"']])("refuses %s as 'Tilleggsinformasjon'", async (extra) => {
    const calls = mockApi({ ...baseHandlers(admin), [`POST ${url}`]: { count: 5 } });
    renderApp("/admin/users");
    const dialog = await openDialog();
    await chooseType(dialog, "Informasjon");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Tittel" }), "Hei");
    await userEvent.click(within(dialog).getByText("Avansert"));
    const field = within(dialog).getByRole("textbox", { name: "Tilleggsinformasjon (JSON)" });
    await userEvent.type(field, extra.replaceAll("{", "{{").replaceAll("[", "[["));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send varsel" }));
    expect(await screen.findByText("Ugyldig JSON")).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Tilleggsinformasjon må være gyldig JSON");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(sent(calls)).toEqual([]);
  });

  it("shows the server's refusal and stays open", async () => {
    mockApi({
      ...baseHandlers(admin),
      [`POST ${url}`]: {
        status: 429,
        body: { error: { code: "rate_limited", message: "For mange forsøk. Vent litt og prøv igjen." } },
      },
    });
    renderApp("/admin/users");
    const dialog = await openDialog();
    await chooseType(dialog, "Viktig varsel");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Tittel" }), "Brannøvelse");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send varsel" }));
    expect(await screen.findByText("Kunne ikke sende varsel")).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("For mange forsøk. Vent litt og prøv igjen.");
    expect(screen.getByRole("dialog", { name: "Send varsel til alle" })).toBeInTheDocument();
  });
});
