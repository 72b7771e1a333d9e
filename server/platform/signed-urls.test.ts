import { describe, expect, it } from "vitest";
import { signedUrlTtlSeconds } from "../../common/domain/attachments.ts";
import { fileUrlExpiry, fileUrlQuery, signFileUrl, verifyFileUrl } from "./signed-urls.ts";

const secret = "a-test-secret-of-at-least-32-characters!";
const key = "chat-uploads/t1/0b6f2c1e-7f43-4d1a-9a57-2f1f3f0f6a11_bilde.jpg";
const now = new Date("2025-03-01T10:00:00Z");
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

function signed(userId = "kari", expiresAt = fileUrlExpiry(now)) {
  return signFileUrl({ key, userId, expiresAt }, secret);
}

describe("signed file URLs", () => {
  it("are valid for 600 s for the user they were made for", () => {
    const { exp, sig } = signed();
    expect(exp).toBe(now.getTime() / 1000 + signedUrlTtlSeconds);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyFileUrl({ key, exp, sig }, "kari", now, secret)).toBe("ok");
    expect(verifyFileUrl({ key, exp: String(exp), sig }, "kari", later(599), secret)).toBe("ok");
  });

  it("expire after 600 s", () => {
    const { exp, sig } = signed();
    expect(verifyFileUrl({ key, exp, sig }, "kari", later(600), secret)).toBe("expired");
    expect(verifyFileUrl({ key, exp, sig }, "kari", later(3600), secret)).toBe("expired");
  });

  it("do not work for another user", () => {
    const { exp, sig } = signed("kari");
    expect(verifyFileUrl({ key, exp, sig }, "ola", now, secret)).toBe("invalid");
  });

  it("refuse any change to the key, the expiry or the signature", () => {
    const { exp, sig } = signed();
    expect(verifyFileUrl({ key: `${key}x`, exp, sig }, "kari", now, secret)).toBe("invalid");
    expect(verifyFileUrl({ key, exp: exp + 60, sig }, "kari", now, secret)).toBe("invalid");
    for (let i = 0; i < sig.length; i++) {
      const changed = `${sig.slice(0, i)}${sig[i] === "A" ? "B" : "A"}${sig.slice(i + 1)}`;
      expect(verifyFileUrl({ key, exp, sig: changed }, "kari", now, secret)).toBe("invalid");
    }
    expect(verifyFileUrl({ key, exp, sig }, "kari", now, `${secret}2`)).toBe("invalid");
  });

  it("refuse what is not a URL we could have made", () => {
    const { exp, sig } = signed();
    for (const bad of [undefined, "", "abc", "1e9", "-1", " 1", [String(exp)], {}]) {
      expect(verifyFileUrl({ key, exp: bad, sig }, "kari", now, secret)).toBe("invalid");
    }
    for (const bad of [undefined, "", `${sig}=`, sig.slice(1), [sig]]) {
      expect(verifyFileUrl({ key, exp, sig: bad }, "kari", now, secret)).toBe("invalid");
    }
    // Signed with the secret, but for longer than a URL lives.
    const long = signed("kari", later(24 * 3600));
    expect(verifyFileUrl({ key, ...long }, "kari", now, secret)).toBe("invalid");
  });

  it("go into a query string and come back", () => {
    const params = signed();
    const query = new URLSearchParams(fileUrlQuery(params));
    expect(verifyFileUrl({ key, exp: query.get("exp"), sig: query.get("sig") }, "kari", now, secret)).toBe(
      "ok",
    );
  });

  it("need a secret", () => {
    expect(() => signFileUrl({ key, userId: "kari", expiresAt: now }, "")).toThrow();
  });
});
