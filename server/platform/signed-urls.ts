/**
 * Chat files are served only through signed URLs: an HMAC-SHA256 over the storage key,
 * the user it was made for and its expiry, valid 600 s (`signedUrlTtlSeconds`). A URL
 * that is expired, altered, or used by anyone else answers 403.
 *
 * The user id is bound by the signature but not written in the URL: the file route
 * verifies with the signed-in user's id, so a URL copied to a colleague (or leaked into
 * a log) does not work for them, and URLs do not carry user ids around. The expiry is
 * in the URL as Unix seconds (`exp`), the signature as base64url (`sig`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { signedUrlTtlSeconds } from "../../common/domain/attachments.ts";

export interface FileUrlParams {
  /** expiry, Unix seconds */
  exp: number;
  /** base64url HMAC-SHA256 */
  sig: string;
}

export type FileUrlCheck = "ok" | "expired" | "invalid";

/** Separates this use of the secret from any other HMAC made with it. */
const purpose = "vaktrom:file-url:v1";

function mac(key: string, userId: string, exp: number, secret: string): Buffer {
  if (!secret) throw new Error("signing file URLs needs a secret");
  // JSON keeps the parts apart whatever characters they hold.
  return createHmac("sha256", secret)
    .update(`${purpose}\n${JSON.stringify([key, userId, exp])}`)
    .digest();
}

/** When a URL made now stops working. */
export function fileUrlExpiry(now: Date): Date {
  return new Date(now.getTime() + signedUrlTtlSeconds * 1000);
}

export function signFileUrl(
  { key, userId, expiresAt }: { key: string; userId: string; expiresAt: Date },
  secret: string,
): FileUrlParams {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return { exp, sig: mac(key, userId, exp, secret).toString("base64url") };
}

/** `exp=…&sig=…`, to put after the file route's path. */
export function fileUrlQuery(params: FileUrlParams): string {
  return new URLSearchParams({ exp: String(params.exp), sig: params.sig }).toString();
}

/**
 * Whether the URL for `key` may be served to `userId` (the signed-in user) at `now`.
 * `exp` and `sig` are taken as they come from the query string. The signature is
 * checked first, in constant time, so "expired" is only ever said of a URL we made;
 * a URL that claims to last longer than 600 s from now was not made by us either.
 */
export function verifyFileUrl(
  params: { key: string; exp: unknown; sig: unknown },
  userId: string,
  now: Date,
  secret: string,
): FileUrlCheck {
  const { key, exp: rawExp, sig } = params;
  const exp = typeof rawExp === "number" ? rawExp : typeof rawExp === "string" ? Number(rawExp) : Number.NaN;
  if (typeof rawExp === "string" && !/^\d{1,12}$/.test(rawExp)) return "invalid";
  if (!Number.isSafeInteger(exp) || exp < 0) return "invalid";
  if (typeof sig !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return "invalid";
  // Compared as text: decoding would ignore the last character's spare bits.
  const given = Buffer.from(sig);
  const expected = Buffer.from(mac(key, userId, exp, secret).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  const nowSeconds = now.getTime() / 1000;
  if (exp - nowSeconds > signedUrlTtlSeconds + 5) return "invalid";
  if (nowSeconds >= exp) return "expired";
  return "ok";
}
