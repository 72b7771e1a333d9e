import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { baseHandlers, departments, mockApi, renderApp, session } from "../../test/app.tsx";

const [anestesi, intensiv] = departments.map((d) => d.id) as [string, string];
const two = session("staff", {
  memberships: [
    { deptId: anestesi, deptName: "Anestesi", role: "staff", isActive: true },
    { deptId: intensiv, deptName: "Intensiv", role: "staff", isActive: true },
  ],
});

describe("the user menu's department switch", () => {
  it("switches, reloads the session and says so, though the menu closes at once", async () => {
    const calls = mockApi({ ...baseHandlers(two), "PUT /api/me/current-department": { ok: true } });
    renderApp("/profile");
    await userEvent.click(await screen.findByRole("button", { name: "Brukermeny" }));
    await userEvent.click(await screen.findByRole("menuitemradio", { name: "Intensiv" }));
    expect(await screen.findByText("Du jobber nå i Intensiv.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ deptId: intensiv });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/auth/session").length).toBeGreaterThan(1),
    );
  });
});
