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
import { gzipAnswer, gzipping } from "./compression.ts";

/** An answer's JSON text, with its gzip once a reader who takes gzip has asked for it. */
export class JsonAnswer {
  private gzipped: Buffer | Promise<Buffer> | undefined;
  readonly size: number;

  constructor(readonly text: string) {
    this.size = Buffer.byteLength(text);
  }

  gzip(): Buffer | Promise<Buffer> {
    this.gzipped ??= gzipAnswer(this.text, this.size);
    return this.gzipped;
  }
}

export async function sendJsonText(
  reply: FastifyReply,
  schema: z.ZodType,
  answer: JsonAnswer,
): Promise<FastifyReply> {
  const { text } = answer;
  if (process.env.NODE_ENV === "test") {
    const sent: unknown = JSON.parse(text);
    const encoded = JSON.parse(JSON.stringify(schema.encode(sent)));
    if (!isDeepStrictEqual(encoded, sent)) throw new Error(`JSON text differs from its schema: ${text}`);
  }
  reply.type("application/json; charset=utf-8");
  return reply.send(gzipping(reply.request, reply, answer.size) ? await answer.gzip() : text);
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
 * one built anew, with its gzip (made once, 250–400 µs of CPU on this machine). Keyed
 * by the reader's actor, the same object while their session is kept, so new records
 * make a new answer. What in an answer follows the clock (a shift starting, an undo
 * window closing) says until when it holds; the kept value itself lasts seconds.
 */
export class ReaderAnswers {
  private readonly byReader = new WeakMap<object, { answer: JsonAnswer; until: number }>();

  answer(reader: object, now: Date, make: () => { text: string; until: number }): JsonAnswer {
    const kept = this.byReader.get(reader);
    if (kept && now.getTime() < kept.until) return kept.answer;
    const { text, until } = make();
    const answer = new JsonAnswer(text);
    this.byReader.set(reader, { answer, until });
    return answer;
  }
}
