/**
 * Answers whose JSON is put together from text kept in memory (a thread's newest page,
 * features/chat/present.ts `presentAsJson`) skip the route's serializer, which would
 * check and encode every field of every message again on each request. Under test the
 * text is still held to the route's response schema: it must pass the schema unchanged,
 * so nothing goes out that the contract would refuse or strip.
 */
import { isDeepStrictEqual } from "node:util";
import type { FastifyReply } from "fastify";
import type { z } from "zod";

export function sendJsonText(reply: FastifyReply, schema: z.ZodType, text: string): FastifyReply {
  if (process.env.NODE_ENV === "test") {
    const sent: unknown = JSON.parse(text);
    const encoded = JSON.parse(JSON.stringify(schema.encode(sent)));
    if (!isDeepStrictEqual(encoded, sent)) throw new Error(`JSON text differs from its schema: ${text}`);
  }
  return reply.type("application/json; charset=utf-8").send(text);
}

/** What may differ between readers who get the same item, as part of a key: `"1010"` for four abilities. */
export const abilityBits = (abilities: Record<string, boolean>) =>
  Object.values(abilities).map(Number).join("");

/** The JSON of `value()` under `key` in `written`, made on the first ask and kept there. */
export function writtenOnce(written: Map<string, string>, key: string, value: () => unknown): string {
  let json = written.get(key);
  if (json === undefined) {
    json = JSON.stringify(value());
    written.set(key, json);
  }
  return json;
}
