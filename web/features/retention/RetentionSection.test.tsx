import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { keepEverything } from "../../../common/domain/retention.ts";
import { baseHandlers, departments, type Handlers, mockApi, renderApp, session } from "../../test/app.tsx";
import { setViewport } from "../../test/viewport.ts";

const [anestesi, intensiv] = departments.map((d) => d.id) as [string, string];
const path = (deptId: string) => `/api/admin/departments/${deptId}/retention`;

function retentionServer(role: "admin" | "leader" = "admin", over: Handlers = {}) {
  const stored = { [anestesi]: { ...keepEverything, department: 30 }, [intensiv]: keepEverything };
  return mockApi({
    ...baseHandlers(session(role)),
    [`GET ${path(anestesi)}`]: () => ({ deptId: anestesi, rules: stored[anestesi] }),
    [`GET ${path(intensiv)}`]: () => ({ deptId: intensiv, rules: stored[intensiv] }),
    [`PUT ${path(anestesi)}`]: (body) => {
      stored[anestesi] = body as typeof keepEverything;
      return { deptId: anestesi, rules: body };
    },
    ...over,
  });
}

const choiceFor = (scope: string) => screen.findByRole("combobox", { name: scope });
const daysFor = (scope: string) => screen.findByRole("spinbutton", { name: `Antall dager for ${scope}` });
const save = () => userEvent.click(screen.getByRole("button", { name: "Lagre" }));
const puts = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method === "PUT");

describe("'Oppbevaring'", { timeout: 20_000 }, () => {
  it("shows the department's rules, checks the days before sending, and saves the whole set with a toast", async () => {
    const calls = retentionServer();
    renderApp("/admin/users?tab=retention");
    expect(await screen.findByRole("heading", { name: "Oppbevaring", level: 2 })).toBeInTheDocument();
    expect(await choiceFor("Avdelingschat")).toHaveDisplayValue("Slett etter … dager");
    expect(await daysFor("Avdelingschat")).toHaveValue(30);
    expect(await choiceFor("Kanaler")).toHaveDisplayValue("Behold alt");
    expect(screen.queryByRole("spinbutton", { name: "Antall dager for Kanaler" })).toBeNull();

    await userEvent.selectOptions(await choiceFor("Kanaler"), "Slett etter … dager");
    const channelDays = await daysFor("Kanaler");
    await userEvent.type(channelDays, "0");
    await save();
    expect(await screen.findByText("Et helt tall fra 1 til 3650.")).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await userEvent.clear(channelDays);
    await userEvent.type(channelDays, "14");
    await userEvent.selectOptions(await choiceFor("Avdelingschat"), "Behold alt");
    await save();
    expect(await screen.findByText("Oppbevaring lagret")).toBeInTheDocument();
    expect(puts(calls)[0]?.body).toEqual({ ...keepEverything, channel: 14 });
    expect(await choiceFor("Avdelingschat")).toHaveDisplayValue("Behold alt");
  });

  it("manages another department when the admin picks it", async () => {
    const calls = retentionServer();
    renderApp("/admin/users?tab=retention");
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Avdeling" }), "Intensiv");
    await waitFor(() => expect(calls.some((c) => c.path === path(intensiv))).toBe(true));
    await waitFor(async () => expect(await choiceFor("Avdelingschat")).toHaveDisplayValue("Behold alt"));
  });

  it("says when the rules cannot be read, and reads them again on 'Prøv igjen'", async () => {
    let failing = true;
    retentionServer("admin", {
      [`GET ${path(anestesi)}`]: () =>
        failing
          ? { status: 500, body: { error: { code: "internal", message: "Noe gikk galt" } } }
          : { deptId: anestesi, rules: keepEverything },
    });
    renderApp("/admin/users?tab=retention");
    expect(await screen.findByText("Kunne ikke laste oppbevaring")).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(await choiceFor("Direktemeldinger")).toHaveDisplayValue("Behold alt");
  });

  it("tells the server's refusal in a toast", async () => {
    retentionServer("admin", {
      [`PUT ${path(anestesi)}`]: {
        status: 400,
        body: { error: { code: "validation_failed", message: "Noen felt er ikke gyldige." } },
      },
    });
    renderApp("/admin/users?tab=retention");
    await choiceFor("Vedlegg");
    await save();
    expect(await screen.findByText("Kunne ikke lagre oppbevaring")).toBeInTheDocument();
  });

  it("is no tab of a leader's", async () => {
    retentionServer("leader", { "GET /api/admin/users": { users: [] } });
    renderApp("/admin/users?tab=retention");
    expect(await screen.findByRole("heading", { name: "Administrasjon", level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Oppbevaring" })).toBeNull();
  });

  it("works by keyboard on a phone", async () => {
    setViewport(375, 812);
    retentionServer();
    renderApp("/admin/users?tab=retention");
    const choice = await choiceFor("Pågående vakt");
    choice.focus();
    await userEvent.selectOptions(choice, "Slett etter … dager");
    await userEvent.tab();
    expect(await daysFor("Pågående vakt")).toHaveFocus();
    await userEvent.keyboard("7{Enter}");
    expect(await screen.findByText("Oppbevaring lagret")).toBeInTheDocument();
    setViewport(1280);
  });
});
