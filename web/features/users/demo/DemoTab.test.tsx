import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { usersServer } from "../users-api.test-support.ts";

describe("'Demo-verktøy'", { timeout: 20_000 }, () => {
  it("copies a demo user's sign-in link", async () => {
    const writeText = vi.fn(async () => {});
    vi.spyOn(navigator, "clipboard", "get").mockReturnValue({ writeText } as unknown as Clipboard);
    usersServer();
    renderApp("/admin/users?tab=demo");
    await userEvent.click(
      await screen.findByRole("button", { name: "Kopier innloggingslenke for Kari Nordmann" }),
    );
    expect(await screen.findByText("Kopiert")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith("http://localhost/auth/magic?token=for-kari@demo.no");
  });

  it("creates a demo user by form (Anestesi unless chosen) and with one click", async () => {
    const api = usersServer();
    renderApp("/admin/users?tab=demo");
    await userEvent.type(await screen.findByLabelText("Fornavn"), "Tor");
    await userEvent.type(screen.getByLabelText("Etternavn"), "Moe");
    await userEvent.click(screen.getByRole("button", { name: "Opprett Demo-bruker" }));
    expect(await screen.findByText("Tor Moe er opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/dev/demo-users")[0]?.body).toEqual({
      firstName: "Tor",
      lastName: "Moe",
      deptName: "Anestesi",
      role: "staff",
    });

    const quick = screen.getAllByRole("button", { name: /^Opprett (?!Demo)/ });
    expect(quick).toHaveLength(7);
    await userEvent.click(screen.getByRole("button", { name: "Opprett Anne Larsen" }));
    expect(await screen.findByText("Anne Larsen er opprettet")).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo("POST", "/api/dev/demo-users")).toHaveLength(2));
  });

  it("re-runs the bootstrap", async () => {
    const api = usersServer();
    renderApp("/admin/users?tab=demo");
    await userEvent.click(await screen.findByRole("button", { name: "Gjenopprett demobrukere" }));
    expect(await screen.findByText("Ingen demobrukere å gjenopprette")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/dev/bootstrap")).toHaveLength(1);
  });
});
