import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ReaderAnswers, sendJsonText } from "./json-text.ts";

describe("sendJsonText", () => {
  const schema = z.object({ id: z.string(), count: z.number() });
  const answer = async (text: string) => {
    const app = Fastify();
    app.get("/", async (_request, reply) => sendJsonText(reply, schema, text));
    const res = await app.inject({ method: "GET", url: "/" });
    await app.close();
    return res;
  };

  it("sends the text as JSON", async () => {
    const res = await answer('{"id":"a","count":2}');
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.json()).toEqual({ id: "a", count: 2 });
  });

  // Under test the text must pass the schema unchanged: what it would strip or refuse fails.
  it.each([
    ['{"id":"a","count":2,"secret":"x"}', "a field the schema does not have"],
    ['{"id":"a","count":"2"}', "a value of the wrong type"],
    ['{"id":"a"}', "a missing field"],
  ])("refuses %s (%s)", async (text) => {
    expect((await answer(text)).statusCode).toBe(500);
  });
});

describe("ReaderAnswers", () => {
  const at = (ms: number) => new Date(ms);

  it("keeps each reader's own answer, the same string, until what follows the clock changes", () => {
    const answers = new ReaderAnswers();
    const kari = {};
    const ola = {};
    let made = 0;
    const make = (text: string, until: number) => () => {
      made += 1;
      return { text, until };
    };
    const first = answers.answer(kari, at(1_000), make("kari 1", 5_000));
    expect(answers.answer(kari, at(4_999), make("kari 2", 9_000))).toBe(first);
    expect(answers.answer(ola, at(2_000), make("ola", 9_000))).toBe("ola");
    expect(made).toBe(2);
    // At `until` the answer is made again, from what holds now.
    expect(answers.answer(kari, at(5_000), make("kari 2", 9_000))).toBe("kari 2");
    // A new actor object (new records) is a new reader.
    expect(answers.answer({ ...kari }, at(5_001), make("kari 3", 9_000))).toBe("kari 3");
    expect(made).toBe(4);
  });
});
