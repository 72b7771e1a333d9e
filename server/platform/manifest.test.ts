/**
 * The installable app's manifest and icons: in the brand's name and colours, drawn from
 * the brand's mark, and the default mark is web/public/favicon.svg for the default brand.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBrand } from "../../common/schemas/brand.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { defaultMark } from "./manifest.ts";

/** The colour of one pixel of a PNG, as #rrggbb, and its alpha. */
async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  const hex = [0, 1, 2].map((i) => (data[at + i] ?? 0).toString(16).padStart(2, "0")).join("");
  return { color: `#${hex}`, alpha: info.channels === 4 ? data[at + 3] : 255 };
}

describe("the web app manifest and icons", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  it("is served as application/manifest+json in the brand's name and colours", async () => {
    const res = await t.client().get("/manifest.webmanifest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.json()).toMatchObject({
      name: "Vaktrom",
      short_name: "Vaktrom",
      start_url: "/chat/department",
      scope: "/",
      display: "standalone",
      lang: "nb",
      theme_color: "#1F3A5B",
      background_color: "#1F3A5B",
    });
    const icons = res.json().icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });

  it("serves each icon as a PNG of its size, the maskable one opaque to its edge", async () => {
    for (const [file, size] of [
      ["icon-192.png", 192],
      ["icon-512.png", 512],
      ["maskable-512.png", 512],
      ["apple-touch-icon.png", 180],
    ] as const) {
      const res = await t.client().get(`/icons/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], file).toEqual(["png", size, size]);
    }
    const maskable = (await t.client().get("/icons/maskable-512.png")).rawPayload;
    expect(await pixel(maskable, 2, 2)).toEqual({ color: "#1f3a5b", alpha: 255 });
    // The 'any' icon keeps the mark's rounded corners: its corner is transparent.
    expect((await pixel((await t.client().get("/icons/icon-512.png")).rawPayload, 1, 1)).alpha).toBe(0);
  });

  it("answers 404 for an icon it does not have, not the app's page", async () => {
    const res = await t.client().get("/icons/other.png");
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });

  it("draws the default brand's mark exactly as web/public/favicon.svg", async () => {
    const favicon = await readFile(path.join(import.meta.dirname, "../../web/public/favicon.svg"), "utf8");
    expect(defaultMark(defaultBrand)).toBe(favicon.trim());
  });
});

describe("a brand of its own (BRAND_FILE)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-manifest-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("names the app, colours it and draws the icons from the brand's favicon", async () => {
    const file = path.join(dir, "brand.json");
    await writeFile(
      file,
      JSON.stringify({
        name: "St. Olavs",
        colors: { primary: "#004080" },
        branding: { favicon: "/mark.svg" },
      }),
    );
    const t = await createTestApp({ BRAND_FILE: file }, { seed: false });
    try {
      await writeFile(
        path.join(t.ctx.config.webDist, "mark.svg"),
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00000"/></svg>',
      );
      const manifest = (await t.client().get("/manifest.webmanifest")).json();
      expect(manifest).toMatchObject({ name: "St. Olavs", short_name: "St. Olavs", theme_color: "#004080" });
      const icon = (await t.client().get("/icons/icon-192.png")).rawPayload;
      expect(await pixel(icon, 96, 96)).toEqual({ color: "#c00000", alpha: 255 });
      // Maskable: the mark inside the safe zone, the brand's colour around it.
      const maskable = (await t.client().get("/icons/maskable-512.png")).rawPayload;
      expect((await pixel(maskable, 4, 4)).color).toBe("#004080");
      expect((await pixel(maskable, 256, 256)).color).toBe("#c00000");
    } finally {
      await t.close();
    }
  });

  it("falls back to the default mark in the brand's colours when its favicon is not an SVG of the app", async () => {
    const file = path.join(dir, "remote.json");
    await writeFile(
      file,
      JSON.stringify({ colors: { primary: "#004080" }, branding: { favicon: "https://cdn.example/x.png" } }),
    );
    const t = await createTestApp({ BRAND_FILE: file }, { seed: false });
    try {
      const icon = (await t.client().get("/icons/icon-512.png")).rawPayload;
      expect((await pixel(icon, 40, 256)).color).toBe("#004080");
    } finally {
      await t.close();
    }
  });
});
