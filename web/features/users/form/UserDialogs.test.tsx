import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { chooseRowAction, failure, intensiv, usersServer } from "../users-api.test-support.ts";

async function openCreate() {
  await userEvent.click(await screen.findByRole("button", { name: "Legg til ny bruker" }));
  return screen.findByRole("dialog", { name: "Legg til ny bruker" });
}

describe("the user dialogs", { timeout: 20_000 }, () => {
  it("'Legg til ny bruker' asks for every required field, then creates", async () => {
    const api = usersServer();
    renderApp("/admin/users");
    const dialog = await openCreate();
    expect(within(dialog).getByLabelText("Rolle")).toHaveValue("staff");
    await userEvent.type(within(dialog).getByLabelText("Fornavn"), "Eva");
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett bruker" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Vennligst fyll ut alle påkrevde felt",
    );
    expect(within(dialog).getByLabelText("Etternavn")).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("POST", "/api/admin/users")).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText("Etternavn"), "Lund");
    await userEvent.type(within(dialog).getByLabelText("E-post"), "eva@demo.no");
    await userEvent.selectOptions(within(dialog).getByLabelText("Avdeling"), "Intensiv");
    await userEvent.selectOptions(within(dialog).getByLabelText("Rolle"), "Leder");
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett bruker" }));
    expect(await screen.findByText("Bruker opprettet")).toBeInTheDocument();
    expect(screen.getByText("En invitasjon er sendt til eva@demo.no.")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/admin/users")[0]?.body).toEqual({
      firstName: "Eva",
      lastName: "Lund",
      email: "eva@demo.no",
      deptId: intensiv,
      role: "leader",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("rowheader", { name: "Eva Lund" })).toBeInTheDocument();
  });

  it("'Legg til ny bruker' with an address that has an account says so, lists the changes and waits for a second confirm", async () => {
    const api = usersServer();
    renderApp("/admin/users");
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText("Fornavn"), "Kari");
    await userEvent.type(within(dialog).getByLabelText("Etternavn"), "Nordsen");
    await userEvent.type(within(dialog).getByLabelText("E-post"), "kari@demo.no");
    await userEvent.selectOptions(within(dialog).getByLabelText("Avdeling"), "Intensiv");
    await userEvent.selectOptions(within(dialog).getByLabelText("Rolle"), "Leder");
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett bruker" }));

    const step = await within(dialog).findByRole("region", { name: "Personen finnes allerede" });
    expect(step).toHaveTextContent("Kari Nordmann har allerede en konto med denne e-postadressen.");
    const changes = within(step)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(changes).toEqual(["Navn: Kari Nordmann → Kari Nordsen", "Ny rolle i Intensiv: Leder"]);
    expect(api.callsTo("POST", "/api/admin/users/preview")).toHaveLength(1);
    expect(api.callsTo("POST", "/api/admin/users")).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Tilbake" }));
    expect(within(dialog).getByLabelText("Etternavn")).toHaveValue("Nordsen");
    expect(api.callsTo("POST", "/api/admin/users")).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett bruker" }));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Oppdater personen" }));
    expect(await screen.findByText("Bruker oppdatert")).toBeInTheDocument();
    expect(screen.getByText("kari@demo.no hadde allerede en konto; den er oppdatert.")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/admin/users")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows why the server would not create the user", async () => {
    const api = usersServer();
    api.reply["POST /api/admin/users"] = failure(400, "email_domain", "E-postdomenet er ikke tillatt");
    renderApp("/admin/users");
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText("Fornavn"), "Eva");
    await userEvent.type(within(dialog).getByLabelText("Etternavn"), "Lund");
    await userEvent.type(within(dialog).getByLabelText("E-post"), "eva@gmail.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett bruker" }));
    expect(await screen.findByText("Kunne ikke opprette bruker")).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("E-postdomenet er ikke tillatt");
  });

  it("'Rediger bruker' shows the e-mail disabled and saves names, phone and records", async () => {
    const api = usersServer();
    renderApp("/admin/users");
    await chooseRowAction("Ola Nordmann", "Rediger");
    const dialog = await screen.findByRole("dialog", { name: "Rediger bruker" });
    expect(within(dialog).getByLabelText("E-post")).toBeDisabled();
    expect(within(dialog).getByLabelText("E-post")).toHaveValue("ola@demo.no");
    const first = within(dialog).getByLabelText("Fornavn");
    await userEvent.clear(first);
    await userEvent.type(first, "Ole");
    await userEvent.clear(within(dialog).getByLabelText("Telefon (valgfritt)"));
    await userEvent.selectOptions(within(dialog).getByLabelText("Rolle i Anestesi"), "Leder");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Aktiv i Anestesi" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre endringer" }));
    expect(await screen.findByText("Bruker oppdatert")).toBeInTheDocument();
    const ola = api.users[3]!;
    expect(api.callsTo("PATCH", `/api/admin/users/${ola.userId}`)[0]?.body).toEqual({
      firstName: "Ole",
      lastName: "Nordmann",
      phone: null,
      memberships: [{ deptId: ola.memberships[0]!.deptId, role: "leader", isActive: false }],
    });
    expect(await screen.findByRole("rowheader", { name: "Ole Nordmann" })).toBeInTheDocument();
  });

  it("shows the last-admin refusal of an edit", async () => {
    const api = usersServer();
    api.reply[`PATCH /api/admin/users/${api.users[1]!.userId}`] = failure(
      409,
      "last_admin",
      "Den siste aktive administratoren kan ikke fjernes",
    );
    renderApp("/admin/users");
    await chooseRowAction("Lars Johansen", "Rediger");
    const dialog = await screen.findByRole("dialog", { name: "Rediger bruker" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre endringer" }));
    expect(await screen.findByText("Kunne ikke oppdatere bruker")).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Den siste aktive administratoren kan ikke fjernes",
    );
  });
});
