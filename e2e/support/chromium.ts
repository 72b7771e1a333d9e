import { existsSync } from "node:fs";

/** The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter((p): p is string => !!p);
  return candidates.find((p) => existsSync(p));
}

export const NO_CHROMIUM_MESSAGE =
  "No Chromium found. Install one with `apt-get install chromium` or set CHROMIUM_PATH.";
