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

/**
 * Each reader's finished answer made from one kept value (a department's open shifts, a
 * thread's newest page), kept with it: the same person asking again before anything
 * changed (switching tabs, a refetch on focus, a reconnect) gets the same string, not
 * one built anew, and compression.ts finds its gzip without hashing 30 KB again. Keyed
 * by the reader's actor, the same object while their session is kept, so new records
 * make a new answer. What in an answer follows the clock (a shift starting, an undo
 * window closing) says until when it holds; the kept value itself lasts seconds.
 */
export class ReaderAnswers {
  private readonly byReader = new WeakMap<object, { text: string; until: number }>();

  answer(reader: object, now: Date, make: () => { text: string; until: number }): string {
    const kept = this.byReader.get(reader);
    if (kept && now.getTime() < kept.until) return kept.text;
    const made = make();
    this.byReader.set(reader, made);
    return made.text;
  }
}
