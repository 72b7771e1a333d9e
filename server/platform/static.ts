/**
 * The built web app: hashed assets cached for a year (precompressed .br/.gz served
 * when present), index.html for every other page path (history fallback), and JSON
 * 404s under /api.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { errorMessage } from "../../common/texts/errors.ts";

export async function registerWebApp(app: FastifyInstance, webDist: string, opts: { demoTools: boolean }) {
  const hasBuild = existsSync(path.join(webDist, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn({ webDist }, "web app is not built; only the API is served (run `npm run build`)");
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
  // The root is a directory to the static plugin; it is the app's index page to people.
  if (hasBuild) app.get("/", (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    const isPage =
      hasBuild &&
      (request.method === "GET" || request.method === "HEAD") &&
      !url.startsWith("/api/") &&
      !url.startsWith("/brand/") &&
      !(url.startsWith("/dev/") && !opts.demoTools);
    if (isPage) return sendIndex(reply);
    return reply.status(404).send({ error: { code: "not_found", message: errorMessage("not_found") } });
  });
}
