import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { baseHandlers, mockApi, renderApp, session } from "../../test/app.tsx";

const send = () => userEvent.click(screen.getByRole("button", { name: "Send lenke" }));

describe("forgot password page", () => {
  it("checks the address like /login before sending anything", async () => {
    const calls = mockApi(baseHandlers(null));
    renderApp("/forgot-password");
    expect(await screen.findByRole("heading", { name: "Glemt passord" })).toBeInTheDocument();
    expect(
      screen.getByText("Skriv inn e-postadressen din, så sender vi deg en lenke for å lage et nytt passord."),
    ).toBeInTheDocument();

    await send();
    expect(screen.getByRole("alert")).toHaveTextContent("E-post må fylles ut.");
    const field = screen.getByLabelText("E-post");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription("E-post må fylles ut.");

    await userEvent.type(field, "ikke-en-adresse");
    await send();
    expect(screen.getByRole("alert")).toHaveTextContent("Ugyldig e-postadresse.");
    expect(calls.some((c) => c.path === "/api/auth/password-reset")).toBe(false);
  });

  it("sends the normalised address and shows the sent state", async () => {
    const calls = mockApi({ ...baseHandlers(null), "POST /api/auth/password-reset": { ok: true } });
    renderApp("/forgot-password?email=Kari%40Example.no");
    expect(await screen.findByLabelText("E-post")).toHaveValue("Kari@Example.no");
    await send();

    expect(await screen.findByRole("heading", { name: "E-post sendt!" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/auth/password-reset")?.body).toEqual({
      email: "kari@example.no",
    });
    expect(
      screen.getByText(
        "Hvis kari@example.no har en konto, har vi sendt en lenke for å lage et nytt passord. Lenken virker i 60 minutter.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/søppelpost/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tilbake til innlogging" })).toHaveAttribute("href", "/login");
  });

  it("shows the server's message when it refuses", async () => {
    mockApi({
      ...baseHandlers(null),
      "POST /api/auth/password-reset": {
        status: 429,
        body: { error: { code: "rate_limited", message: "For mange forsøk. Vent litt og prøv igjen." } },
      },
    });
    renderApp("/forgot-password");
    await userEvent.type(await screen.findByLabelText("E-post"), "kari@example.no");
    await send();
    expect(await screen.findByRole("alert")).toHaveTextContent("For mange forsøk. Vent litt og prøv igjen.");
    expect(screen.getByRole("heading", { name: "Glemt passord" })).toBeInTheDocument();
  });

  it("sends a signed-in person home", async () => {
    mockApi(baseHandlers(session("staff")));
    const { router } = renderApp("/forgot-password");
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat/department"));
  });
});
