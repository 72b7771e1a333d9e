import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sendJsonText } from "./json-text.ts";

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
