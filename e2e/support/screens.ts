/**
 * Where browser tests leave screenshots of the screens they walk through, for people to
 * look at after a run: beside the run's reports, outside the repository's tracked files
 * and outside the folder Playwright empties at each start.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const screensDir = join("test-results", "screenshots");

/** The path for screenshot `name` (e.g. 'logg-375'), its folder made if missing. */
export function screenPath(name: string): string {
  mkdirSync(screensDir, { recursive: true });
  return join(screensDir, `${name}.png`);
}
