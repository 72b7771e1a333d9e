import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { baseHandlers, config, mockApi, renderApp } from "../../test/app.tsx";

const withSso = (only: boolean) => ({
  ...baseHandlers(null),
  "GET /api/config": config({}, { singleSignOn: { label: "Logg inn med HelseID", only } }),
});

describe("login with single sign-on", () => {
  it("puts the provider's button first, carrying the page asked for, with the e-mail forms below", async () => {
    mockApi(withSso(false));
    renderApp("/login?next=%2Fshifts%2Fopen");
    const link = await screen.findByRole("link", { name: "Logg inn med HelseID" });
    expect(link).toHaveAttribute("href", "/api/auth/oidc/start?next=%2Fshifts%2Fopen");
    expect(screen.getByLabelText("E-post")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Logg inn med passord" })).toBeInTheDocument();
  });

  it("says why the provider's sign-in was refused", async () => {
    mockApi(withSso(false));
    renderApp("/login?sso=oidc_email_unverified");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Innloggingstjenesten oppga ingen bekreftet e-postadresse for deg.",
    );
  });

  it("with single sign-on only: no password or e-mail form, and the admins' break-glass link apart", async () => {
    mockApi(withSso(true));
    const { router } = renderApp("/login");
    await screen.findByRole("link", { name: "Logg inn med HelseID" });
    expect(screen.queryByLabelText("E-post")).toBeNull();
    expect(screen.queryByLabelText("Passord")).toBeNull();
    expect(screen.queryByRole("link", { name: "Registrer deg" })).toBeNull();

    screen.getByRole("link", { name: "Nødtilgang for administratorer" }).click();
    expect(await screen.findByRole("heading", { name: "Nødtilgang" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?nodtilgang");
    expect(screen.getByLabelText("E-post")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Logg inn med passord" })).toBeNull();
  });

  it("with single sign-on only, registration and the password pages lead to the login page", async () => {
    for (const path of ["/register", "/forgot-password"]) {
      mockApi(withSso(true));
      const { router, unmount } = renderApp(path);
      await screen.findByRole("link", { name: "Logg inn med HelseID" });
      expect(router.state.location.pathname).toBe("/login");
      unmount();
    }
  });
});
