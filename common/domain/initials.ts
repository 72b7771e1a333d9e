import { withoutBidiControls } from "./bidi.ts";

/**
 * Initials for an avatar: the first letters of up to 2 words of the name (spec §2), never
 * an invisible bidirectional control.
 */
export function initials(name: string): string {
  return withoutBidiControls(name)
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase("nb-NO") ?? "")
    .join("");
}
