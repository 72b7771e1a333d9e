import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { topics } from "../../../../common/schemas/realtime.ts";
import { renderSignedIn } from "../../../test/app.tsx";
import { isFollowed, publish } from "../../../test/realtime.ts";
import { deptId, dutyServer, people, roles, signedInAs } from "../duty-api.test-support.ts";
import { DutyHolders, DutyHoldersPanel } from "./DutyHolders.tsx";

const [ansvarshavende, koordinator] = roles as [(typeof roles)[0], (typeof roles)[0]];

/** A role's entry in the list, found by its name. */
const entry = (name: string) => {
  const list = within(screen.getByRole("region", { name: "Vaktroller nå" })).getByRole("list");
  return within(list)
    .getAllByRole("listitem")
    .find((li) => li.textContent?.includes(name))!;
};

describe("who holds the duty roles now", { timeout: 15_000 }, () => {
  it("names each role's holder, 'Ingen har rollen nå' for a free one, and 'Ta rollen' for whoever may", async () => {
    const api = dutyServer({ may: { take: [koordinator.id], handOver: [] } });
    api.state.held.push({
      roleId: ansvarshavende.id,
      blockStart: api.block.start.toISOString(),
      holder: people.ola,
    });
    renderSignedIn(<DutyHolders />);
    expect(await screen.findByRole("heading", { name: "Vaktroller nå" })).toBeInTheDocument();
    expect(entry(ansvarshavende.name)).toHaveTextContent("Ola Nordmann");
    expect(within(entry(ansvarshavende.name)).queryByRole("button")).toBeNull();
    expect(entry(koordinator.name)).toHaveTextContent("Ingen har rollen nå");

    const take = within(entry(koordinator.name)).getByRole("button", { name: "Ta rollen" });
    // The button says its role to a screen reader.
    expect(take).toHaveAccessibleDescription(koordinator.name);
    await userEvent.click(take);
    expect(await screen.findByText("Du har nå rollen Koordinator.")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/departments/${deptId}/duty/roles/${koordinator.id}/take`)).toHaveLength(
      1,
    );
    await waitFor(() => expect(entry(koordinator.name)).toHaveTextContent("Kari Nordmann (deg)"));
  });

  it("hands my role to a colleague from 'Overlever til …', listing everyone but me", async () => {
    const api = dutyServer();
    api.state.held.push({
      roleId: ansvarshavende.id,
      blockStart: api.block.start.toISOString(),
      holder: people.kari,
    });
    renderSignedIn(<DutyHolders />);
    const open = await screen.findByRole("button", { name: "Overlever til …" });
    expect(open).toHaveAccessibleDescription(ansvarshavende.name);
    await userEvent.click(open);
    const menu = await screen.findByRole("menu");
    const names = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(names).toEqual(["Ola Nordmann", "Lars Johansen", "Sofie Berg"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Ola Nordmann" }));
    expect(
      await screen.findByText("Ola Nordmann har nå rollen Ansvarshavende sykepleier."),
    ).toBeInTheDocument();
    expect(
      api.callsTo("POST", `/api/departments/${deptId}/duty/roles/${ansvarshavende.id}/handover`)[0]?.body,
    ).toEqual({ userId: people.ola.userId });
    await waitFor(() => expect(entry(ansvarshavende.name)).toHaveTextContent("Ola Nordmann"));
    expect(screen.queryByRole("button", { name: "Overlever til …" })).toBeNull();
  });

  it("shows the server's reason when someone else took the role first", async () => {
    const api = dutyServer({ may: { take: [koordinator.id], handOver: [] } });
    api.reply[`POST /api/departments/${deptId}/duty/roles/${koordinator.id}/take`] = {
      status: 409,
      body: { error: { code: "duty_role_taken", message: "Noen andre har allerede tatt rollen." } },
    };
    renderSignedIn(<DutyHolders />);
    await userEvent.click(await screen.findByRole("button", { name: "Ta rollen" }));
    expect(await screen.findByText("Kunne ikke ta rollen")).toBeInTheDocument();
    expect(screen.getByText("Noen andre har allerede tatt rollen.")).toBeInTheDocument();
  });

  it("follows the department: a holder set elsewhere shows without a reload", async () => {
    const api = dutyServer();
    renderSignedIn(<DutyHolders />);
    await waitFor(() => expect(entry(ansvarshavende.name)).toHaveTextContent("Ingen har rollen nå"));
    await waitFor(() => expect(isFollowed(topics.dept(deptId))).toBe(true));
    api.state.held.push({
      roleId: ansvarshavende.id,
      blockStart: api.block.start.toISOString(),
      holder: people.sofie,
    });
    publish(topics.dept(deptId), "duty.changed", { deptId });
    await waitFor(() => expect(entry(ansvarshavende.name)).toHaveTextContent("Sofie Berg"));
  });

  it("in the rail: the block and each holder, compactly; the way to 'Vaktroller' for a leader only", async () => {
    const api = dutyServer({ me: signedInAs("lars", "leader") });
    api.state.held.push({
      roleId: koordinator.id,
      blockStart: api.block.start.toISOString(),
      holder: people.kari,
    });
    const { unmount } = renderSignedIn(<DutyHoldersPanel />);
    expect(await screen.findByText(`${api.block.name} ${api.block.range}`)).toBeInTheDocument();
    const terms = screen.getAllByRole("term").map((t) => t.textContent);
    const details = screen.getAllByRole("definition").map((d) => d.textContent);
    expect(terms).toEqual(["Ansvarshavende sykepleier", "Koordinator"]);
    expect(details).toEqual(["Ingen har rollen nå", expect.stringContaining("Kari Nordmann")]);
    expect(screen.getByRole("link", { name: "Administrer vaktroller" })).toHaveAttribute(
      "href",
      "/admin/duty",
    );
    unmount();

    dutyServer({ me: signedInAs("kari") });
    renderSignedIn(<DutyHoldersPanel />);
    await screen.findAllByRole("term");
    expect(screen.queryByRole("link", { name: "Administrer vaktroller" })).toBeNull();
  });
});
