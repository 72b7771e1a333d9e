/** The origin check every state-changing API request passes (before any route's own steps). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing API requests from another site are refused. Browsers send Origin
 * (and Sec-Fetch-Site) on such requests; requests without either come from non-browser
 * clients, which carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith("/api/")) return;
    refuseForeignOrigin(request, allowed);
  });
}

/**
 * 403 `forbidden_origin` for a request a page of another site made: its Origin is
 * neither the configured one nor this server's own, or (without Origin) the browser
 * says it is cross-site. Also the realtime upgrade's check, which is a GET.
 */
export function refuseForeignOrigin(request: FastifyRequest, allowed: string) {
  const origin = request.headers.origin;
  const own = `${request.protocol}://${request.host}`;
  if (origin && origin !== allowed && origin !== own) throw new AppError(403, "forbidden_origin");
  if (!origin && request.headers["sec-fetch-site"] === "cross-site")
    throw new AppError(403, "forbidden_origin");
}
