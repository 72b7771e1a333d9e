import { gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerCompression } from "./compression.ts";
import { JsonAnswer, ReaderAnswers, sendJsonText } from "./json-text.ts";

describe("sendJsonText", () => {
  const schema = z.object({ id: z.string(), count: z.number() });
  const answer = async (text: string) => {
    const app = Fastify();
    app.get("/", async (_request, reply) => sendJsonText(reply, schema, new JsonAnswer(text)));
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
    expect(answers.answer(ola, at(2_000), make("ola", 9_000)).text).toBe("ola");
    expect(made).toBe(2);
    // At `until` the answer is made again, from what holds now.
    expect(answers.answer(kari, at(5_000), make("kari 2", 9_000)).text).toBe("kari 2");
    // A new actor object (new records) is a new reader.
    expect(answers.answer({ ...kari }, at(5_001), make("kari 3", 9_000)).text).toBe("kari 3");
    expect(made).toBe(4);
  });
});

describe("a kept answer and its gzip", () => {
  it("gzips a large answer once for every reader who takes gzip, and sends the rest its text", async () => {
    const app = Fastify();
    registerCompression(app);
    const schema = z.object({ items: z.string() });
    const answers = [0, 1].map((n) => new JsonAnswer(JSON.stringify({ items: `${n}`.repeat(20_000) })));
    app.get("/:n", async (request, reply) =>
      sendJsonText(reply, schema, answers[Number((request.params as { n: string }).n)]!),
    );
    const get = (n: number, encoding: string) =>
      app.inject({ method: "GET", url: `/${n}`, headers: { "accept-encoding": encoding } });
    for (const n of [0, 1, 0, 1]) {
      const [zipped, again, plain] = await Promise.all([
        get(n, "gzip"),
        get(n, "br, gzip"),
        get(n, "identity"),
      ]);
      for (const res of [zipped!, again!]) {
        expect(res.headers["content-encoding"]).toBe("gzip");
        expect(gunzipSync(res.rawPayload).toString()).toBe(answers[n]!.text);
      }
      expect(plain!.headers["content-encoding"]).toBeUndefined();
      expect(plain!.body).toBe(answers[n]!.text);
      for (const res of [zipped!, plain!]) expect(res.headers.vary).toMatch(/Accept-Encoding/);
    }
    expect(answers[0]!.gzip()).toBe(answers[0]!.gzip());
    await app.close();
  });
});
