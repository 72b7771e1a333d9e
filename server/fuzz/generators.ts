/**
 * What the fuzz suite sends: requests to one route, built from the route's own zod
 * schemas (valid-shaped, then mutated) and from families of hostile input that no
 * schema foresees (wrong types, huge and deep values, broken encodings, wrong content
 * types, broken multipart bodies).
 */
import fc from "fast-check";
import { z } from "zod";
import type { RegisteredRoute } from "../platform/pipeline.ts";
import type { ApiRequest } from "../test/api-world.ts";
import { png } from "../test/file-fixtures.ts";

export interface FuzzRequest {
  caller: "admin" | "anonymous";
  /** the family the case came from: named in a failure, counted in the figures */
  family: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Real ids a path parameter may take, so a share of cases reaches the handlers. */
export type KnownIds = (param: string) => string[];

/** What the world knows of a route: ids for its parameters, and requests that pass its validation. */
export interface RouteKnowledge {
  ids: KnownIds;
  valid: ApiRequest[];
}

// ── hostile values ───────────────────────────────────────────────────────────────

const big = "x".repeat(300 * 1024);
const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

/** JSON values of the wrong kind, size or meaning for any field. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.5,
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff\ud800",
    "\u202egnp.exe",
    "null",
    "undefined",
    "NaN",
    "-0",
    "1e309",
    "18446744073709551616",
    "00000000-0000-0000-0000-000000000000",
    "not-a-uuid",
    "ffffffff-ffff-ffff-ffff-ffffffffffffff",
    "2026-02-30T25:61:00Z",
    "0000-01-01",
    "../../etc/passwd",
    '\'; drop table "user"; --',
    "<script>alert(1)</script>",
    big,
    [],
    [[[[[[[[]]]]]]]],
    {},
    { __proto__: null, constructor: { prototype: { polluted: 1 } } },
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A path parameter: a real id sometimes, else something hostile, percent-encoded or raw. */
function pathValue(param: string, known: KnownIds): fc.Arbitrary<string> {
  const ids = known(param);
  return fc.oneof(
    ...(ids.length ? [{ weight: 4, arbitrary: fc.constantFrom(...ids) }] : []),
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "0",
        "-1",
        "1e308",
        "null",
        "undefined",
        "%00",
        "%ED%A0%80",
        "%",
        "%zz",
        "..%2F..%2Fetc%2Fpasswd",
        "%E2%80%AEgnp.exe",
        "00000000-0000-0000-0000-000000000000",
        "ffffffff-ffff-ffff-ffff-fffffffffffff",
        "__proto__",
        "constructor",
        "x".repeat(5000),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }).map(encodeURIComponent),
    },
  );
}

// ── values from a schema ─────────────────────────────────────────────────────────

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** The JSON Schema of a request schema (its input side), or null if zod cannot say. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema | null {
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return null;
  }
}

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  switch (s.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc.emailAddress();
    case "date-time":
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case "date":
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // a pattern fast-check cannot invert: plain strings below
    }
  }
  const minLength = s.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(s.maxLength ?? 40, 200)) });
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
  if (integer) return fc.integer({ min: min ?? -1000, max: max ?? 100_000 });
  return fc.double({ min: min ?? -1000, max: max ?? 100_000, noNaN: true });
}

/** Values the schema (mostly) accepts: enough to get past validation and into the handler. */
function fromSchema(s: JsonSchema, root: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.$ref) {
    const name = s.$ref.split("/").pop()!;
    const target = root.$defs?.[name];
    return target ? fromSchema(target, root, depth + 1) : fc.constant(null);
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, root, depth + 1)));
  if (s.allOf?.length) return fromSchema(s.allOf[0]!, root, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      return stringArb(s);
    case "integer":
      return numberArb(s, true);
    case "number":
      return numberArb(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 8));
      return fc.array(s.items ? fromSchema(s.items, root, depth + 1) : fc.jsonValue(), {
        minLength,
        maxLength,
      });
    }
    case "object": {
      const props = s.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(props).map(([key, value]) => [key, fromSchema(value, root, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/** A valid-shaped object with one thing wrong: a key dropped, a value replaced, a key added. */
function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.nat(), nastyValue, fc.constantFrom("drop", "replace", "add", "proto"))
    .map(([value, pick, nasty, how]) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) return JSON.stringify(nasty);
      const copy: Record<string, unknown> = { ...value };
      const keys = Object.keys(copy);
      const key = keys.length ? keys[pick % keys.length]! : "extra";
      if (how === "drop") delete copy[key];
      else if (how === "replace") copy[key] = nasty;
      else if (how === "add") copy[`extra${pick % 3}`] = nasty;
      const text = JSON.stringify(copy);
      // JSON.stringify drops a `__proto__` key, so it is written into the text itself.
      return how === "proto"
        ? `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${text.slice(1)}`
        : text;
    });
}

// ── raw bodies ───────────────────────────────────────────────────────────────────

/** Text that is not the JSON any route wants, or not JSON at all. */
const rawJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    "[",
    "nul",
    "{'a':1}",
    '{"a":1,}',
    '{"a":1}{"b":2}',
    '{"a":"\\ud800"}',
    '{"\\udfff":"\\ud800\\ud800"}',
    '{"a":"\\u0000"}',
    '{"a":1e309}',
    '{"a":-0}',
    '{"a":NaN}',
    '{"a":18446744073709551616}',
    '{"a":1,"a":2}',
    "\ufeff{}",
    '"\\ud800"',
    "1e309",
    "-0",
    "null",
    "true",
    "[]",
    '"x"',
    deepArray(10_000),
    deepObject(10_000),
    deepArray(200),
    `{"a":"${big}"}`,
    `[${Array(20_000).fill("0").join(",")}]`,
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? "null"),
);

/** Bytes that are not UTF-8 at all. */
const rawBytes = fc.uint8Array({ minLength: 1, maxLength: 300 }).map((a) => Buffer.from(a));

const wrongContentTypes = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/octet-stream",
  "image/png",
  "text/html",
  "x/x;;;=",
  "",
];

// ── multipart ────────────────────────────────────────────────────────────────────

/** A real image, so a whole upload reaches the store. */
const image = await png();

function part(name: string, filename: string | null, type: string, body: Buffer | string, boundary: string) {
  const disposition = `form-data; name="${name}"${filename === null ? "" : `; filename="${filename}"`}`;
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.from(body),
    Buffer.from("\r\n"),
  ]);
}

const multipartKinds = [
  "whole",
  "truncated",
  "noBoundary",
  "noFilePart",
  "empty",
  "hugeHeader",
  "manyParts",
  "noClosing",
  "wrongBoundary",
  "fieldThenFile",
];

/** Multipart bodies, whole and broken, with the content type each claims. */
const multipartBodies: fc.Arbitrary<{ kind: string; type: string; payload: Buffer }> = fc
  .tuple(
    fc.constantFrom(...multipartKinds),
    fc.nat({ max: 400 }),
    fc.constantFrom(
      "bilde.png",
      "x.bat",
      "",
      "\u202egnp.exe",
      "a".repeat(2000),
      "../../x.png",
      "a\u0000b.png",
    ),
    fc.constantFrom("image/png", "application/pdf", "text/plain", "", "x"),
  )
  .map(([kind, cut, filename, fileType]) => ({ kind, ...multipartBody(kind, cut, filename, fileType) }));

function multipartBody(kind: string, cut: number, filename: string, fileType: string) {
  const b = "fuzzboundary";
  const type = `multipart/form-data; boundary=${b}`;
  const whole = Buffer.concat([part("file", filename, fileType, image, b), Buffer.from(`--${b}--\r\n`)]);
  switch (kind) {
    case "whole":
      return { type, payload: whole };
    case "truncated":
      return { type, payload: whole.subarray(0, cut % whole.length) };
    case "noBoundary":
      return { type: "multipart/form-data", payload: whole };
    case "noFilePart":
      return {
        type,
        payload: Buffer.concat([part("text", null, "text/plain", "hei", b), Buffer.from(`--${b}--\r\n`)]),
      };
    case "empty":
      return { type, payload: Buffer.from(`--${b}--\r\n`) };
    case "hugeHeader":
      return {
        type,
        payload: Buffer.concat([
          Buffer.from(`--${b}\r\nX-Fill: ${"h".repeat(200_000)}\r\n`),
          part("file", filename, fileType, image, b).subarray(b.length + 4),
          Buffer.from(`--${b}--\r\n`),
        ]),
      };
    case "manyParts":
      return {
        type,
        payload: Buffer.concat([
          ...Array.from({ length: 200 }, (_, i) => part(`f${i}`, `f${i}.png`, "image/png", image, b)),
          Buffer.from(`--${b}--\r\n`),
        ]),
      };
    case "noClosing":
      return { type, payload: part("file", filename, fileType, image, b) };
    case "wrongBoundary":
      return { type: "multipart/form-data; boundary=other", payload: whole };
    default:
      return {
        type,
        payload: Buffer.concat([
          part("note", null, "text/plain", "x", b),
          part("file", filename, fileType, image, b),
          Buffer.from(`--${b}--\r\n`),
        ]),
      };
  }
}

// ── requests ─────────────────────────────────────────────────────────────────────

const hasBody = (method: string) => method !== "GET" && method !== "DELETE";
export const isUpload = (route: RegisteredRoute) =>
  (route.method === "POST" || route.method === "PUT") && /\/(attachments|avatar)$/.test(route.url);

function queryArb(route: RegisteredRoute): fc.Arbitrary<string> {
  const schema = route.schema.querystring ? jsonSchemaOf(route.schema.querystring) : null;
  const keys = Object.keys(schema?.properties ?? {});
  const shaped = schema ? fromSchema(schema, schema) : fc.constant({});
  const entry = fc.tuple(
    fc.oneof(
      fc.constantFrom(...keys, "__proto__", "constructor", "__proto__[x]", "a[]", "a[b]"),
      fc.string(),
    ),
    nastyValue.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
  );
  return fc.oneof(
    shaped.map((v) =>
      v && typeof v === "object"
        ? Object.entries(v)
            .map(([k, x]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(x))}`)
            .join("&")
        : "",
    ),
    fc.array(entry, { maxLength: 4 }).map((pairs) =>
      pairs
        .map(([k, v]) => {
          try {
            return `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
          } catch {
            // a lone surrogate has no UTF-8: sent as its raw escape, which no decoder accepts
            return `${k.length}=%ED%A0%80`;
          }
        })
        .join("&"),
    ),
    fc.constantFrom(
      "",
      "a=1&a=2",
      "%",
      "%zz=1",
      `q=${"x".repeat(20_000)}`,
      "limit=1e308",
      "before=-0",
      "x=%00",
    ),
  );
}

function urlArb(route: RegisteredRoute, known: KnownIds): fc.Arbitrary<string> {
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const values = fc.tuple(...params.map((p) => pathValue(p, known)));
  return fc.tuple(values, queryArb(route)).map(([vs, query]) => {
    let url = route.url;
    params.forEach((p, i) => {
      url = url.replace(`:${p}`, vs[i]!);
    });
    return query ? `${url}?${query}` : url;
  });
}

type Body = { family: string; type?: string; payload?: string | Buffer };

function bodyArb(route: RegisteredRoute): fc.Arbitrary<Body> {
  if (!hasBody(route.method)) return fc.constant({ family: "no body" });
  const schema = route.schema.body ? jsonSchemaOf(route.schema.body) : null;
  const json = (family: string) => (text: string) => ({ family, type: "application/json", payload: text });
  const families: fc.WeightedArbitrary<Body>[] = [
    { weight: 2, arbitrary: rawJsonText.map(json("raw json text")) },
    { weight: 2, arbitrary: nastyValue.map((v) => json("wrong type")(JSON.stringify(v) ?? "null")) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...wrongContentTypes), rawJsonText).map(([type, payload]) => ({
        family: "wrong content type",
        ...(type ? { type } : {}),
        payload,
      })),
    },
    {
      weight: 1,
      arbitrary: rawBytes.map((payload) => ({ family: "invalid utf-8", type: "application/json", payload })),
    },
  ];
  if (schema) {
    const valid = fromSchema(schema, schema);
    families.push(
      { weight: 4, arbitrary: valid.map((v) => json("schema")(JSON.stringify(v) ?? "null")) },
      { weight: 4, arbitrary: mutated(valid).map(json("schema mutated")) },
    );
  }
  if (isUpload(route))
    families.push({
      weight: 6,
      arbitrary: multipartBodies.map(({ kind, type, payload }) => ({
        family: `multipart ${kind}`,
        type,
        payload,
      })),
    });
  return fc.oneof(...families);
}

/** Requests to `route`: mostly as the admin of department A, a share anonymous. */
export function requestArb(route: RegisteredRoute, known: RouteKnowledge): fc.Arbitrary<FuzzRequest> {
  const caller = fc.constantFrom<FuzzRequest["caller"]>("admin", "admin", "admin", "admin", "anonymous");
  const generated = fc.tuple(caller, urlArb(route, known.ids), bodyArb(route)).map(
    ([who, url, body]): FuzzRequest => ({
      caller: who,
      family: body.family,
      method: route.method,
      url,
      headers: body.type ? { "content-type": body.type } : ({} as Record<string, string>),
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }),
  );
  if (!known.valid.length) return generated;
  // The world's valid request, as is or with a hostile query string: past validation, to the handler.
  const valid = fc
    .tuple(caller, fc.constantFrom(...known.valid), fc.option(queryArb(route), { nil: undefined }))
    .map(
      ([who, req, query]): FuzzRequest => ({
        caller: who,
        family: query === undefined ? "valid" : "valid, hostile query",
        method: req.method,
        url: query === undefined ? req.url : `${req.url.split("?")[0]}?${query}`,
        headers: req.headers,
        ...(req.payload === undefined ? {} : { payload: req.payload }),
      }),
    );
  return fc.oneof({ weight: 5, arbitrary: generated }, { weight: 1, arbitrary: valid });
}
