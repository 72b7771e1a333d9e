/**
 * The brand and feature flags: built-in defaults, overridden by the operator's
 * BRAND_FILE. A broken or missing file is logged and the defaults are used, so the
 * app always starts.
 */
import { readFile } from "node:fs/promises";
import { type BrandConfig, brandOverride, defaultBrand, mergeBrand } from "../../common/schemas/brand.ts";

export async function loadBrand(
  file: string | null,
  log: { warn(obj: unknown, msg?: string): void },
): Promise<BrandConfig> {
  if (!file) return defaultBrand;
  try {
    const parsed = brandOverride.safeParse(JSON.parse(await readFile(file, "utf8")));
    if (!parsed.success) {
      log.warn({ file, issues: parsed.error.issues }, "brand file is invalid; using the default brand");
      return defaultBrand;
    }
    return mergeBrand(defaultBrand, parsed.data);
  } catch (err) {
    log.warn({ file, err: (err as Error).message }, "brand file could not be read; using the default brand");
    return defaultBrand;
  }
}
