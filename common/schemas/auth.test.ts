import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newPasswordError, registrationError } from "../domain/validation.ts";
import { errorMessages } from "../texts/errors.ts";
import { isSameSitePath, newPasswordForm, registrationForm, returnPath, signInForms } from "./auth.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe("form schemas and the server's rules agree", () => {
  const field = fc.oneof(fc.constant(""), fc.constant(" "), fc.string({ maxLength: 12 }), fc.emailAddress());

  it("registration: the form refuses exactly what the server refuses, with the same first message", () => {
    fc.assert(
      fc.property(field, field, field, field, (fullName, email, password, confirmPassword) => {
        const input = { fullName, email, password, confirmPassword };
        const rule = registrationError(input);
        expect(firstMessage(registrationForm.safeParse(input))).toBe(rule ? errorMessages[rule] : null);
      }),
    );
  });

  it("new password: the same", () => {
    fc.assert(
      fc.property(field, field, (password, confirmPassword) => {
        const rule = newPasswordError(password, confirmPassword);
        expect(firstMessage(newPasswordForm.safeParse({ password, confirmPassword }))).toBe(
          rule ? errorMessages[rule] : null,
        );
      }),
    );
  });

  it("puts 'Alle felt må fylles ut' on every blank field and nowhere else", () => {
    const result = registrationForm.safeParse({
      fullName: "Nora",
      email: "",
      password: "",
      confirmPassword: "x",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(["email", "password"]);
  });

  it("sign-in asks for the password only in password mode, after the address", () => {
    expect(signInForms.link.safeParse({ email: "Kari@Demo.no ", password: "" }).data).toEqual({
      email: "kari@demo.no",
      password: "",
    });
    expect(firstMessage(signInForms.password.safeParse({ email: "kari@demo.no", password: "" }))).toBe(
      "Passord må fylles ut.",
    );
    expect(firstMessage(signInForms.password.safeParse({ email: "kari", password: "" }))).toBe(
      errorMessages.invalid_email,
    );
  });
});

describe("return paths", () => {
  it("accepts only paths that stay on our origin, whatever the string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (tail) => {
        const path = `/${tail}`;
        if (!returnPath.safeParse(path).success) return;
        expect(new URL(path, "https://vakt.example").origin).toBe("https://vakt.example");
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses absolute and protocol-relative addresses", () => {
    for (const p of ["//evil.example", "/\\evil.example", "https://evil.example/x", "\t/x"]) {
      expect(isSameSitePath(p), p).toBe(false);
    }
  });
});
