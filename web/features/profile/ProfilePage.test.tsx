import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { baseHandlers, mockApi, renderApp, session } from "../../test/app.tsx";

const kari = session("staff", {
  user: { ...session("staff").user, avatarUrl: "/api/avatars/u1?v=1", phone: "+47 900 00 000" },
});

describe("'Min Profil'", { timeout: 20_000 }, () => {
  it("shows who I am, my role, since when, and the download of my data", async () => {
    mockApi(baseHandlers(kari));
    renderApp("/profile");
    expect(
      await screen.findByRole("heading", { name: "Kari Nordmann" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByText("Ansatt").length).toBeGreaterThan(0);
    expect(screen.getByText("Medlem siden")).toBeInTheDocument();
    expect(screen.getByText("15. januar 2025")).toBeInTheDocument();
    expect(screen.getByText("Aktiv")).toBeInTheDocument();
    const download = screen.getByRole("link", { name: "Last ned mine data" });
    expect(download).toHaveAttribute("href", "/api/profile/export");
    expect(download).toHaveAttribute("download", "mine-data.json");
    expect(screen.getByRole("button", { name: "Fjern" })).toBeInTheDocument();
  });

  it("saves my name and phone, and asks for both names", async () => {
    const calls = mockApi({
      ...baseHandlers(kari),
      "PATCH /api/profile": (body) => ({
        ...kari.user,
        ...(body as object),
        fullName: "Kari Marie Nordmann",
      }),
    });
    renderApp("/profile");
    const first = await screen.findByLabelText("Fornavn");
    await userEvent.clear(first);
    await userEvent.click(screen.getByRole("button", { name: "Lagre endringer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Vennligst fyll ut alle påkrevde felt");

    await userEvent.type(first, "Kari Marie");
    await userEvent.clear(screen.getByLabelText("Telefon"));
    await userEvent.click(screen.getByRole("button", { name: "Lagre endringer" }));
    expect(await screen.findByText("Profil oppdatert")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      firstName: "Kari Marie",
      lastName: "Nordmann",
      phone: null,
    });
  });

  it("removes my avatar and loads the session again", async () => {
    const calls = mockApi({ ...baseHandlers(kari), "DELETE /api/users/u1/avatar": { avatarUrl: null } });
    renderApp("/profile");
    await userEvent.click(await screen.findByRole("button", { name: "Fjern" }));
    expect(await screen.findByText("Avatar fjernet")).toBeInTheDocument();
    const sessionLoads = calls.filter((c) => c.path === "/api/auth/session").length;
    expect(sessionLoads).toBeGreaterThan(1);
  });

  it("says so when the avatar cannot be removed", async () => {
    mockApi({
      ...baseHandlers(kari),
      "DELETE /api/users/u1/avatar": { status: 500, body: { error: { code: "internal", message: "Feil" } } },
    });
    renderApp("/profile");
    await userEvent.click(await screen.findByRole("button", { name: "Fjern" }));
    const toast = await screen.findByText("Kunne ikke fjerne avatar");
    expect(within(toast.closest("li") ?? document.body).getByText("Feil")).toBeInTheDocument();
  });

  it("turns 'Stille når jeg ikke er på vakt' off and on, saved at once, and shows the header's moon while quiet", async () => {
    let state = { quietOffShift: true, quiet: true, until: null as string | null };
    const calls = mockApi({
      ...baseHandlers(kari),
      "GET /api/me/alerts": () => state,
      "PUT /api/me/alerts": (body) => {
        const on = (body as { quietOffShift: boolean }).quietOffShift;
        state = { quietOffShift: on, quiet: on, until: null };
        return state;
      },
    });
    renderApp("/profile");
    const toggle = await screen.findByRole("switch", { name: "Stille når jeg ikke er på vakt" });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(screen.getByText("Stille nå – du er ikke på vakt.")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Stille – du er ikke på vakt" }).length).toBeGreaterThan(0);

    await userEvent.click(toggle);
    expect(await screen.findByText("Innstillingen er lagret")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ quietOffShift: false });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole("link", { name: "Stille – du er ikke på vakt" })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { quietOffShift: false },
      { quietOffShift: true },
    ]);
  });

  it("says so when the setting cannot be saved, and keeps it as it was", async () => {
    mockApi({
      ...baseHandlers(kari),
      "GET /api/me/alerts": { quietOffShift: true, quiet: false, until: null },
      "PUT /api/me/alerts": { status: 500, body: { error: { code: "internal", message: "Feil" } } },
    });
    renderApp("/profile");
    const toggle = await screen.findByRole("switch", { name: "Stille når jeg ikke er på vakt" });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText("Kunne ikke lagre innstillingen")).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });
});
