import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { setViewport } from "../../../test/viewport.ts";
import { competenceIds, workServer } from "../../../test/work-api.ts";
import {
  anestesi,
  asLeaderSees,
  chooseRowAction,
  failure,
  intensiv,
  leader,
  staffOf,
  usersServer,
} from "../users-api.test-support.ts";

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

describe("a person's contract and competences", { timeout: 20_000 }, () => {
  it("'Rediger bruker' shows them per department and saves what changed with the rest", async () => {
    const api = usersServer();
    const work = workServer();
    renderApp("/admin/users");
    await chooseRowAction("Ola Nordmann", "Rediger");
    const dialog = await screen.findByRole("dialog", { name: "Rediger bruker" });
    const part = within(dialog).getByRole("group", { name: "Arbeidsavtale i Anestesi" });
    const percent = await within(part).findByLabelText("Stillingsprosent");
    expect(percent).toHaveValue("100");
    const hours = within(part).getByLabelText("Timer per uke i full stilling");
    expect(hours).toHaveValue("35,5");
    const competences = within(part).getByRole("group", { name: "Kompetanse" });
    const anestesiBox = await within(competences).findByRole("checkbox", { name: "Anestesisykepleier" });
    expect(anestesiBox).not.toBeChecked();

    await userEvent.clear(percent);
    await userEvent.type(percent, "80");
    await userEvent.clear(hours);
    await userEvent.type(hours, "37,5");
    await userEvent.click(anestesiBox);
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre endringer" }));
    expect(await screen.findByText("Bruker oppdatert")).toBeInTheDocument();
    const ola = api.users[3]!;
    expect(api.callsTo("PATCH", `/api/admin/users/${ola.userId}`)).toHaveLength(1);
    expect(work.callsTo("PUT", `/api/departments/${anestesi}/staff/${ola.userId}/work`)[0]?.body).toEqual({
      positionPercent: 80,
      fullTimeHours: 37.5,
      competenceIds: [competenceIds.anestesi],
    });
  });

  it("stops at a contract field at fault, with its message under it, and sends nothing", async () => {
    const api = usersServer();
    const work = workServer();
    renderApp("/admin/users");
    await chooseRowAction("Ola Nordmann", "Rediger");
    const dialog = await screen.findByRole("dialog", { name: "Rediger bruker" });
    const hours = await within(dialog).findByLabelText("Timer per uke i full stilling");
    await userEvent.clear(hours);
    await userEvent.type(hours, "35,55");
    const percent = within(dialog).getByLabelText("Stillingsprosent");
    await userEvent.clear(percent);
    await userEvent.type(percent, "120");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre endringer" }));
    expect(percent).toHaveAccessibleDescription(/Skriv en stillingsprosent fra 1 til 100\./);
    expect(percent).toHaveAttribute("aria-invalid", "true");
    expect(percent).toHaveFocus();
    expect(hours).toHaveAccessibleDescription(/med høyst én desimal \(for eksempel 35,5\)/);
    expect(api.callsTo("PATCH", `/api/admin/users/${api.users[3]!.userId}`)).toHaveLength(0);
    expect(work.calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("'Rediger bruker' without a change to the contract sends none", async () => {
    const api = usersServer();
    const work = workServer();
    renderApp("/admin/users");
    await chooseRowAction("Ola Nordmann", "Rediger");
    const dialog = await screen.findByRole("dialog", { name: "Rediger bruker" });
    await within(dialog).findByLabelText("Stillingsprosent");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre endringer" }));
    expect(await screen.findByText("Bruker oppdatert")).toBeInTheDocument();
    expect(api.callsTo("PATCH", `/api/admin/users/${api.users[3]!.userId}`)).toHaveLength(1);
    expect(work.calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("a leader sets it from 'Arbeidsavtale og kompetanse', and is told when it fails", async () => {
    const api = usersServer({ users: asLeaderSees(staffOf()) }, { me: leader() });
    const work = workServer();
    renderApp("/admin/users");
    await chooseRowAction("Kari Nordmann", "Arbeidsavtale og kompetanse");
    const dialog = await screen.findByRole("dialog", { name: "Arbeidsavtale og kompetanse" });
    expect(dialog).toHaveAccessibleDescription(
      "Kari Nordmann: stilling og kompetanse i avdelingene du leder.",
    );
    const percent = await within(dialog).findByLabelText("Stillingsprosent");
    await userEvent.clear(percent);
    await userEvent.type(percent, "60");
    const kari = api.users[2]!;
    const path = `/api/departments/${anestesi}/staff/${kari.userId}/work`;
    work.reply[`PUT ${path}`] = failure(403, "forbidden", "Du har ikke tilgang");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Kunne ikke lagre arbeidsavtalen")).toBeInTheDocument();
    expect(screen.getByText("Du har ikke tilgang")).toBeInTheDocument();

    delete work.reply[`PUT ${path}`];
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Arbeidsavtalen er lagret")).toBeInTheDocument();
    expect(work.callsTo("PUT", path).at(-1)?.body).toEqual({
      positionPercent: 60,
      fullTimeHours: 35.5,
      competenceIds: [],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // A leader edits no one: 'Rediger' stays the admins'.
    await userEvent.click(screen.getByRole("button", { name: "Handlinger for Ola Nordmann" }));
    expect(await screen.findByRole("menuitem", { name: "Arbeidsavtale og kompetanse" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Rediger" })).toBeNull();
  });

  it("on a phone, a leader's card has 'Arbeidsavtale og kompetanse' as a button of its own", async () => {
    setViewport(375, 812);
    usersServer({ users: asLeaderSees(staffOf()) }, { me: leader() });
    workServer();
    renderApp("/admin/users");
    await userEvent.click(
      await screen.findByRole("button", { name: "Arbeidsavtale og kompetanse for Kari Nordmann" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Arbeidsavtale og kompetanse" });
    expect(await within(dialog).findByLabelText("Stillingsprosent")).toHaveValue("100");
    expect(screen.queryByRole("button", { name: "Rediger Kari Nordmann" })).toBeNull();
  });
});
