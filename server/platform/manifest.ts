/**
 * The installable app's manifest and icons (issue 27 item 1). Served by the server, not
 * built into dist/web, because the brand (name, colours, mark) is chosen at run time by
 * BRAND_FILE: one build serves every hospital's brand.
 *
 * The icons are drawn once per process from the brand's mark (its `branding.favicon`,
 * else its `logo`, when they are SVG files of the built app; else Vaktrom's mark in the
 * brand's colours, which is web/public/favicon.svg for the default brand) and kept in
 * memory: a few PNGs of some kilobytes.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { BrandConfig } from "../../common/schemas/brand.ts";
import { errorMessage } from "../../common/texts/errors.ts";

export const manifestPath = "/manifest.webmanifest";

/** The app opens where a ward starts its day; the whole origin is the app. */
const startUrl = "/chat/department";

export const iconFiles = {
  "icon-192.png": { size: 192, maskable: false },
  "icon-512.png": { size: 512, maskable: false },
  "maskable-512.png": { size: 512, maskable: true },
  // iOS ignores the manifest's icons and fills transparency with black: an opaque one.
  "apple-touch-icon.png": { size: 180, maskable: true },
} as const;
export type IconFile = keyof typeof iconFiles;

/** Vaktrom's mark, a 'V' on a rounded square, in the brand's colours. */
export function defaultMark(brand: BrandConfig): string {
  const { primary, primaryFg } = brand.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>${escapeXml(brand.name)}</title><rect width="32" height="32" rx="7" fill="${primary}"/><path d="M9 9l7 15 7-15" fill="none" stroke="${primaryFg}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c] ?? c);

export function webManifest(brand: BrandConfig) {
  const icon = (file: IconFile, purpose: "any" | "maskable") => ({
    src: `/icons/${file}`,
    sizes: `${iconFiles[file].size}x${iconFiles[file].size}`,
    type: "image/png",
    purpose,
  });
  return {
    name: brand.name,
    short_name: brand.name,
    description: brand.tagline,
    lang: "nb",
    dir: "ltr",
    start_url: startUrl,
    scope: "/",
    id: "/",
    display: "standalone",
    theme_color: brand.colors.primary,
    background_color: brand.colors.primary,
    icons: [icon("icon-192.png", "any"), icon("icon-512.png", "any"), icon("maskable-512.png", "maskable")],
  };
}

/**
 * The brand's own mark when it is an SVG file inside the built app (a path like
 * `/brand/mark.svg`); anything else (a remote URL, a PNG, a file that is not there) is
 * logged and the default mark is drawn instead, so the app stays installable.
 */
async function brandMark(brand: BrandConfig, webDist: string, log: FastifyInstance["log"]): Promise<Buffer> {
  const { branding } = brand;
  const own = branding.brandingEnabled ? (branding.favicon ?? branding.logo) : null;
  if (own) {
    const root = path.resolve(webDist);
    const file = path.resolve(root, `.${own.split("?")[0]}`);
    try {
      if (!own.startsWith("/") || !file.startsWith(root + path.sep) || !file.endsWith(".svg"))
        throw new Error("not an SVG file of the built app");
      return await readFile(file);
    } catch (err) {
      log.warn(
        { mark: own, err: (err as Error).message },
        "brand mark cannot be an app icon; using the default",
      );
    }
  }
  return Buffer.from(defaultMark(brand));
}

/** A square PNG of the mark; maskable: on the brand's colour, inside the 80 % safe circle. */
async function renderIcon(
  mark: Buffer,
  size: number,
  maskable: boolean,
  background: string,
): Promise<Buffer> {
  const inner = maskable ? Math.round(size * 0.7) : size;
  const { width = 32, height = 32 } = await sharp(mark).metadata();
  // SVGs are drawn at their own size: a density that makes the longer side `inner` pixels keeps edges sharp.
  const density = Math.min(2400, Math.ceil((72 * inner) / Math.max(width, height)));
  const drawn = await sharp(mark, { density })
    .resize(inner, inner, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  if (!maskable) return drawn;
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: drawn, gravity: "center" }])
    .png()
    .toBuffer();
}

export function manifestRoutes(app: FastifyInstance, brand: BrandConfig, webDist: string) {
  const manifest = JSON.stringify(webManifest(brand));
  const drawn = new Map<IconFile, Promise<Buffer>>();
  const icon = (file: IconFile) => {
    let png = drawn.get(file);
    if (!png) {
      const { size, maskable } = iconFiles[file];
      png = brandMark(brand, webDist, app.log).then((mark) =>
        renderIcon(mark, size, maskable, brand.colors.primary),
      );
      // A failure is not kept: the next request tries again.
      png.catch(() => drawn.delete(file));
      drawn.set(file, png);
    }
    return png;
  };

  // The brand can change at a restart: the browser asks again (a conditional request is cheap).
  app.get(manifestPath, { schema: { hide: true } }, async (_req, reply) =>
    reply.type("application/manifest+json").header("cache-control", "no-cache").send(manifest),
  );
  app.get<{ Params: { file: string } }>("/icons/:file", { schema: { hide: true } }, async (req, reply) => {
    const file = req.params.file;
    if (!Object.hasOwn(iconFiles, file))
      return reply.status(404).send({ error: { code: "not_found", message: errorMessage("not_found") } });
    const png = await icon(file as IconFile);
    return reply.type("image/png").header("cache-control", "public, max-age=86400").send(png);
  });
}
