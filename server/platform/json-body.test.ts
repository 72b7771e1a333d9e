import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { twoDepartments, type World } from "../test/world.ts";

/** JSON text as a client may send it: a lone surrogate can only arrive escaped. */
const raw = (title: string) => `{"type":"info","title":"${title}"}`;

describe("JSON bodies", () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    w = await twoDepartments(t);
  });
  afterAll(() => t.close());

  const broadcast = (body: string) =>
    w.as.admin.request("POST", "/api/notifications/broadcast", body, { "content-type": "application/json" });

  it("refuses a string that is no Unicode text (a lone surrogate) with 400 invalid_json", async () => {
    // Found by the fuzz suite: PostgreSQL's jsonb refused the stored payload, a 500.
    for (const title of ["\\udfff\\ud800", "a\\ud800", "\\udc00b"]) {
      const res = await broadcast(raw(title));
      expect(res.statusCode, title).toBe(400);
      expect(res.json().error.code).toBe("invalid_json");
    }
    const res = await w.as.admin.request("POST", "/api/chat/channels", '{"name":"x","\\ud800":1}', {
      "content-type": "application/json",
    });
    expect(res.statusCode).toBe(400);
  });

  it("takes escaped surrogate pairs (an emoji) and keeps refusing __proto__ keys", async () => {
    const ok = await broadcast(raw("Husk m\\u00f8tet \\ud83d\\ude00"));
    expect(ok.statusCode).toBe(200);
    const poisoned = await broadcast('{"type":"info","title":"x","__proto__":{"a":1}}');
    expect(poisoned.statusCode).toBe(400);
  });

  it("reads an oversized body to its end before the 413, so the connection goes on (no 502 behind a balancer)", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; socket: unknown }>(
        (resolve, reject) => {
          const req = http.request(`${address}${path}`, {
            method,
            agent,
            headers: body ? { "content-type": "application/json", "content-length": body.length } : {},
          });
          req.on("response", (res) => {
            let text = "";
            res.on("data", (chunk) => {
              text += chunk;
            });
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, socket: req.socket }),
            );
          });
          req.on("error", reject);
          req.end(body);
        },
      );
    try {
      const big = Buffer.from(JSON.stringify({ email: "x".repeat(12 * 1024 * 1024) }));
      const refused = await send("POST", "/api/dev/impersonate", big);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).error.code).toBe("payload_too_large");
      expect(refused.headers.connection).not.toBe("close");
      // The same connection answers the next request.
      const next = await send("GET", "/api/health");
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });
});
