import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { baseHandlers, mockApi, renderApp } from "../../test/app.tsx";

async function fill(fields: { name?: string; email?: string; password?: string; confirm?: string }) {
  const type = (label: string, value?: string) =>
    value ? userEvent.type(screen.getByLabelText(label, { selector: "input" }), value) : Promise.resolve();
  await type("Fullt navn", fields.name);
  await type("E-post", fields.email);
  await type("Passord", fields.password);
  await type("Bekreft passord", fields.confirm);
  await userEvent.click(screen.getByRole("button", { name: "Registrer deg" }));
}

describe("register page", () => {
  it.each([
    [{ name: "Nils", email: "nils@example.no", password: "hemmelig1" }, "Alle felt må fylles ut"],
    [
      { name: "Nils", email: "nils@example.no", password: "hemmelig1", confirm: "hemmelig2" },
      "Passordene må være like",
    ],
    [
      { name: "Nils", email: "nils@example.no", password: "kort", confirm: "kort" },
      "Passordet må være minst 6 tegn",
    ],
  ])("refuses %j with '%s'", async (fields, message) => {
    const calls = mockApi(baseHandlers(null));
    renderApp("/register");
    await screen.findByRole("heading", { name: "Opprett konto" });
    await fill(fields);
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(calls.some((c) => c.path === "/api/auth/register")).toBe(false);
  });

  it("shows and hides the password", async () => {
    mockApi(baseHandlers(null));
    renderApp("/register");
    const password = await screen.findByLabelText("Passord", { selector: "input" });
    expect(password).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Vis passord" }));
    expect(password).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Vis passord" })).toHaveAttribute("aria-pressed", "true");
  });

  it("registers, says so and goes to /login", async () => {
    const calls = mockApi({
      ...baseHandlers(null),
      "POST /api/auth/register": { status: 201, body: { ok: true } },
    });
    const { router } = renderApp("/register");
    await screen.findByRole("heading", { name: "Opprett konto" });
    await fill({
      name: "Nils Nyansatt",
      email: "nils@example.no",
      password: "hemmelig1",
      confirm: "hemmelig1",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(
      await screen.findByText("Registrering vellykket! Sjekk e-posten din for bekreftelseslenke"),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/auth/register")?.body).toEqual({
      fullName: "Nils Nyansatt",
      email: "nils@example.no",
      password: "hemmelig1",
      confirmPassword: "hemmelig1",
    });
  });

  it("shows the server's message when the e-mail is taken", async () => {
    const taken = "E-posten er allerede registrert. Prøv å logge inn i stedet.";
    mockApi({
      ...baseHandlers(null),
      "POST /api/auth/register": { status: 409, body: { error: { code: "email_taken", message: taken } } },
    });
    const { router } = renderApp("/register");
    await screen.findByRole("heading", { name: "Opprett konto" });
    await fill({ name: "Kari", email: "kari@example.no", password: "hemmelig1", confirm: "hemmelig1" });
    expect(await screen.findByRole("alert")).toHaveTextContent(taken);
    expect(router.state.location.pathname).toBe("/register");
  });

  it("marks and focuses the field a rule is about, every field described by the message", async () => {
    mockApi(baseHandlers(null));
    renderApp("/register");
    await screen.findByRole("heading", { name: "Opprett konto" });
    await fill({ name: "Nils", email: "nils@example.no", password: "hemmelig1", confirm: "hemmelig2" });
    const confirm = screen.getByLabelText("Bekreft passord", { selector: "input" });
    expect(confirm).toHaveAttribute("aria-invalid", "true");
    expect(confirm).toHaveFocus();
    expect(screen.getByLabelText("Passord", { selector: "input" })).not.toHaveAttribute("aria-invalid");
    for (const label of ["Fullt navn", "E-post", "Passord", "Bekreft passord"])
      expect(screen.getByLabelText(label, { selector: "input" })).toHaveAccessibleDescription(
        "Passordene må være like",
      );
  });

  it("puts the server's refusal on the field it is about, or on the fields it names", async () => {
    let answer: Record<string, unknown> = {
      status: 409,
      body: { error: { code: "email_taken", message: "E-posten er tatt." } },
    };
    mockApi({ ...baseHandlers(null), "POST /api/auth/register": () => answer });
    renderApp("/register");
    await screen.findByRole("heading", { name: "Opprett konto" });
    await fill({ name: "Kari", email: "kari@example.no", password: "hemmelig1", confirm: "hemmelig1" });
    const email = screen.getByLabelText("E-post", { selector: "input" });
    expect(await screen.findByRole("alert")).toHaveTextContent("E-posten er tatt.");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveFocus();

    const invalid = "Noen felt er ikke gyldige.";
    answer = {
      status: 400,
      body: { error: { code: "validation_failed", message: invalid, fields: { fullName: "Ugyldige tegn" } } },
    };
    await userEvent.click(screen.getByRole("button", { name: "Registrer deg" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(invalid));
    const name = screen.getByLabelText("Fullt navn", { selector: "input" });
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveFocus();
    expect(email).not.toHaveAttribute("aria-invalid");
  });
});
