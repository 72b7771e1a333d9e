/** Types of check-node.mjs (a plain Node script, so CI needs no build to run it). */
export const newerEnginesAllowed: Record<string, string>;
export function versionOf(text: string): [number, number, number] | null;
export function floorOf(range: string): [number, number, number] | null;
export function satisfies(version: string, range: string): boolean;
export function askingForNewer(
  lock: { packages?: Record<string, { version?: string; engines?: { node?: string } }> },
  floor: [number, number, number],
): { id: string; name: string; range: string }[];
