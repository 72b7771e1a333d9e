import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ShiftInput } from "../../../../common/schemas/shifts.ts";
import { renderApp, session } from "../../../test/app.tsx";
import { ids, inDays, kari, shift, shiftsServer } from "../shifts-api.test-support.ts";

async function openCreate() {
  await userEvent.click(await screen.findByRole("button", { name: "Ny ekstravakt" }));
  const dialog = await screen.findByRole("dialog", { name: "Ny ekstravakt" });
  const field = (name: string) => within(dialog).getByLabelText(name);
  return { dialog, field };
}

const alertOf = (dialog: HTMLElement) => within(dialog).findByRole("alert");

/** The server stores the draft as asked and lets it be published. */
function draftServer(me = kari("leader")) {
  const api = shiftsServer([], { me });
  api.reply["POST /api/shifts"] = ({ body }) => {
    const input = body as ShiftInput;
    const draft = shift({
      status: "draft",
      title: input.title,
      location: input.location,
      hours: [input.fromHour, input.toHour],
      can: { publish: true, edit: true, delete: true },
    });
    api.shifts.push(draft);
    return { status: 201, body: draft };
  };
  return api;
}

describe("'Ny ekstravakt'", () => {
  it("checks the date, the hours, the type and the place before sending", async () => {
    const api = draftServer();
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    const date = field("Dato");
    expect(date).toHaveAttribute("min", inDays(0));
    expect(date).toHaveFocus();
    // 24 whole hours, 07:00–15:00 to begin with.
    expect(
      within(field("Fra"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toHaveLength(24);
    expect(field("Fra")).toHaveValue("7");
    expect(field("Til")).toHaveValue("15");

    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await alertOf(dialog)).toHaveTextContent("Dato må velges");
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(field("Type vakt")).toHaveAttribute("aria-invalid", "true");
    expect(field("Sted")).toHaveAttribute("aria-invalid", "true");

    await userEvent.type(date, inDays(-1));
    await userEvent.selectOptions(field("Type vakt"), "Nattevakt");
    await userEvent.selectOptions(field("Sted"), "Intensiv");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await alertOf(dialog)).toHaveTextContent("Datoen kan ikke være i fortiden.");

    await userEvent.clear(date);
    await userEvent.type(date, inDays(3));
    await userEvent.selectOptions(field("Til"), "07:00");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await alertOf(dialog)).toHaveTextContent("Sluttid må være etter starttid");
    expect(field("Til")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).queryByText("+1 dag")).not.toBeInTheDocument();

    await userEvent.selectOptions(field("Fra"), "23:00");
    expect(within(dialog).getByText("+1 dag")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/shifts")).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await screen.findByText("Ekstravakt opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/shifts")[0]!.body).toEqual({
      date: inDays(3),
      fromHour: 23,
      toHour: 7,
      title: "Nattevakt",
      location: "Intensiv",
      description: "",
      deptId: session("leader").currentDeptId,
    });

    // Saved as a draft: publish now, or later from 'Utkast'.
    await userEvent.click(await within(dialog).findByRole("button", { name: "Publiser nå" }));
    expect(await screen.findByText("Ekstravakt publisert")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST", `/api/shifts/${api.shifts[0]!.id}/publish`)).toHaveLength(1);
    // Many steps on a machine that may be busy.
  }, 15_000);

  it("keeps a draft for later", async () => {
    const api = draftServer();
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    await userEvent.type(field("Dato"), inDays(1));
    await userEvent.selectOptions(field("Type vakt"), "Dagvakt");
    await userEvent.selectOptions(field("Sted"), "Post 1");
    await userEvent.type(field("Beskrivelse (valgfritt)"), "  Erfaring med barn  {Enter}");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Publiser senere" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST", "/api/shifts")[0]!.body).toMatchObject({ description: "Erfaring med barn" });
    expect(api.calls.some((c) => c.url.pathname.endsWith("/publish"))).toBe(false);
    expect(await screen.findByRole("tab", { name: "Utkast (1)" })).toBeInTheDocument();
  });

  it("asks someone who leads several departments to choose one", async () => {
    const leader = kari("leader");
    const api = draftServer({
      ...leader,
      memberships: [
        ...leader.memberships,
        { deptId: ids.intensiv, deptName: "Intensiv", role: "leader", isActive: true },
      ],
    });
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    const dept = field("Avdeling");
    expect(dept).toHaveValue("");
    expect(
      within(dept)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Velg avdeling...", "Anestesi", "Intensiv"]);
    await userEvent.type(field("Dato"), inDays(1));
    await userEvent.selectOptions(field("Type vakt"), "Dagvakt");
    await userEvent.selectOptions(field("Sted"), "Post 1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await alertOf(dialog)).toHaveTextContent("Avdeling må velges");

    await userEvent.selectOptions(dept, "Intensiv");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await screen.findByText("Ekstravakt opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/shifts")[0]!.body).toMatchObject({ deptId: ids.intensiv });
  });

  it("edits a draft with its values filled in, leaving its department", async () => {
    const draft = shift({
      title: "Helgevakt",
      location: "Post 2",
      status: "draft",
      hours: [22, 6],
      description: "Ta med nøkkelkort",
      can: { edit: true },
    });
    const api = shiftsServer([draft], { me: kari("leader") });
    api.reply[`PATCH /api/shifts/${draft.id}`] = ({ body }) => ({
      status: 200,
      body: { ...draft, ...(body as object) },
    });
    renderApp("/shifts/open?tab=drafts");
    const card = await screen.findByRole("article", { name: /^Helgevakt/ });
    await userEvent.click(within(card).getByRole("button", { name: "Rediger" }));
    const dialog = await screen.findByRole("dialog", { name: "Rediger ekstravakt" });
    const field = (name: string) => within(dialog).getByLabelText(name);
    expect(field("Dato")).toHaveValue(inDays(2));
    expect(field("Fra")).toHaveValue("22");
    expect(field("Til")).toHaveValue("6");
    expect(within(dialog).getByText("+1 dag")).toBeInTheDocument();
    expect(field("Type vakt")).toHaveValue("Helgevakt");
    expect(field("Beskrivelse (valgfritt)")).toHaveValue("Ta med nøkkelkort");

    await userEvent.selectOptions(field("Sted"), "Dagkirurgi");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await screen.findByText("Ekstravakt oppdatert")).toBeInTheDocument();
    expect(api.callsTo("PATCH", `/api/shifts/${draft.id}`)[0]!.body).toEqual({
      date: inDays(2),
      fromHour: 22,
      toHour: 6,
      title: "Helgevakt",
      location: "Dagkirurgi",
      description: "Ta med nøkkelkort",
    });
  });
});
