import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailDomainAllowed, isValidEmail, registrationError } from "./validation.ts";

const valid = {
  fullName: "Kari Nordmann",
  email: "kari@sykehus.no",
  password: "hemmelig",
  confirmPassword: "hemmelig",
};

describe("registration rules (spec §5)", () => {
  it("reports the first broken rule in form order", () => {
    expect(registrationError(valid)).toBeNull();
    expect(registrationError({ ...valid, fullName: "  " })).toBe("all_fields_required");
    expect(registrationError({ ...valid, confirmPassword: "" })).toBe("all_fields_required");
    expect(registrationError({ ...valid, confirmPassword: "hemmelig2" })).toBe("passwords_differ");
    expect(registrationError({ ...valid, password: "12345", confirmPassword: "12345" })).toBe(
      "password_too_short",
    );
    expect(registrationError({ ...valid, email: "kari" })).toBe("invalid_email");
  });

  it("accepts every password of at least 6 characters that matches its confirmation", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 6, maxLength: 64 }), (pw) => {
        expect(registrationError({ ...valid, password: pw, confirmPassword: pw })).toBeNull();
      }),
    );
  });

  it("refuses every shorter non-empty password", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 5 }), (pw) => {
        expect(registrationError({ ...valid, password: pw, confirmPassword: pw })).toBe("password_too_short");
      }),
    );
  });
});

describe("e-mail", () => {
  it("accepts ordinary addresses and refuses broken ones", () => {
    for (const ok of ["kari@demo.no", "ola.nordmann+vakt@sykehus.helse.no"])
      expect(isValidEmail(ok)).toBe(true);
    for (const bad of ["", "kari", "kari@", "@demo.no", "kari@demo", "ka ri@demo.no", "kari@@demo.no"]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it("limits domains only when a list is given, case-insensitively", () => {
    expect(emailDomainAllowed("a@gmail.com", [])).toBe(true);
    expect(emailDomainAllowed("A@Sykehus.NO", ["sykehus.no"])).toBe(true);
    expect(emailDomainAllowed("a@evil-sykehus.no", ["sykehus.no"])).toBe(false);
  });
});
