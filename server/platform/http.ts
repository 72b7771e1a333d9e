/**
 * The HTTP plumbing every route shares: the Fastify options (logging, trusted proxies,
 * body limit), security headers, compression, the OpenAPI document, the origin check,
 * no caching of API answers.
 */
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import helmet from "helmet";
import { errorResponse } from "../../common/schemas/errors.ts";
import type { Config } from "../config.ts";
import { carriesSessionCookie } from "./auth.ts";
import { registerCompression } from "./compression.ts";
import { AppError } from "./errors.ts";
import { loggerOptions } from "./logging.ts";

/** A hop count trusts that many proxies nearest to us (Fastify's types omit the number form). */
function trustProxyOption(value: Config["trustProxy"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

export function serverOptions(config: Config, logger: boolean | object | undefined): FastifyServerOptions {
  return {
    logger: loggerOptions(config.logLevel, logger),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // While closing, requests are refused by platform/shutdown.ts with our error body.
    return503OnClosing: false,
  };
}

function contentSecurityPolicy(isProduction: boolean, publicUrl: string) {
  // The realtime socket of our own origin; 'self' covers ws: too in current browsers.
  const socketOrigin = new URL(publicUrl).origin.replace(/^http/, "ws");
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner position popovers and toasts with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      connectSrc: ["'self'", socketOrigin],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: isProduction ? [] : null,
    },
  };
}

export async function registerHttp(app: FastifyInstance, config: Config, appName: string) {
  // Helmet's middleware, built once: the Fastify plugin built it anew on every request
  // (parsing the policy each time, a few percent of the server's time on busy reads).
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config.isProduction, config.publicUrl),
    strictTransportSecurity: config.isProduction,
    xFrameOptions: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  registerCompression(app);
  // Multipart bodies (chat uploads): one file, no other parts. Each upload route sets its
  // own size limit and refuses a file over it while it streams (never held whole).
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { files: 1, fields: 0, parts: 1, headerPairs: 50, fileSize: 11 * 1024 * 1024 },
  });
  await app.register(swagger, {
    openapi: { info: { title: `${appName} API`, version: "1" } },
    transform: jsonSchemaTransform,
  });
  // The API's map helps a developer and an attacker alike: not served in production.
  if (!config.isProduction) await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  registerOriginCheck(app, config.publicUrl);
  // API answers are personal: no cache (browser, proxy) may keep them.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control"))
      reply.header("cache-control", "no-store");
  });
  // Every documented route can fail the same way; say so once, for the OpenAPI document.
  app.addHook("onRoute", (route) => {
    if (route.schema?.response) {
      route.schema.response = {
        "4XX": errorResponse,
        "5XX": errorResponse,
        ...(route.schema.response as object),
      };
    }
  });
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing API requests from another site are refused. Browsers send Origin
 * (and Sec-Fetch-Site) on such requests. A request carrying the session cookie must
 * show it comes from our pages; one without it carries no ambient authority (signing
 * in, registering), so a non-browser client may leave both out.
 */
function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith("/api/")) return;
    refuseForeignOrigin(request, allowed);
  });
}

/**
 * 403 `forbidden_origin` for a request a page of another site may have made: its Origin
 * is neither the configured one nor this server's own; or it has no Origin and the
 * browser says it is cross-site; or it has no Origin, carries the session cookie and
 * the browser does not vouch for it as same-origin (a cookie-carrying request whose
 * origin nobody can tell is not acted on). Also the realtime upgrade's check, which is
 * a GET.
 */
export function refuseForeignOrigin(request: FastifyRequest, allowed: string) {
  const origin = request.headers.origin;
  if (origin) {
    const own = `${request.protocol}://${request.host}`;
    if (origin !== allowed && origin !== own) throw new AppError(403, "forbidden_origin");
    return;
  }
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site") throw new AppError(403, "forbidden_origin");
  if (site !== "same-origin" && carriesSessionCookie(request.headers.cookie))
    throw new AppError(403, "forbidden_origin");
}
