import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { baseHandlers, departments, mockApi, renderApp, session } from "../../test/app.tsx";

describe("department chooser", () => {
  it("blocks a person without a department until one is chosen", async () => {
    mockApi(baseHandlers(session(null)));
    renderApp("/chat/department");
    const dialog = await screen.findByRole("dialog", { name: "Velg din avdeling" });
    const button = within(dialog).getByRole("button", { name: "Fortsett" });
    expect(button).toBeDisabled();
    expect(await within(dialog).findByText("Velg avdeling...")).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Avdeling" })).toBeInTheDocument();
    // Blocking: no close button, Escape does nothing.
    expect(within(dialog).queryByRole("button", { name: "Lukk" })).not.toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Velg din avdeling" })).toBeInTheDocument();
  });

  it("registers in the chosen department, welcomes and reloads the session", async () => {
    let joined = false;
    const calls = mockApi({
      ...baseHandlers(null),
      "GET /api/auth/session": () => ({ session: joined ? session("staff") : session(null) }),
      "POST /api/me/departments": () => {
        joined = true;
        return { status: 201, body: { status: "created" } };
      },
    });
    renderApp("/chat/department");
    const dialog = await screen.findByRole("dialog", { name: "Velg din avdeling" });
    await userEvent.click(await within(dialog).findByRole("combobox", { name: "Avdeling" }));
    await userEvent.click(await screen.findByRole("option", { name: "Intensiv" }));
    const button = within(dialog).getByRole("button", { name: "Fortsett" });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(await screen.findByText("Velkommen!")).toBeInTheDocument();
    expect(screen.getByText("Du er nå registrert i avdelingen.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Velg din avdeling" })).not.toBeInTheDocument(),
    );
    expect(calls.find((c) => c.path === "/api/me/departments")?.body).toEqual({ deptId: departments[1]!.id });
  });
});
