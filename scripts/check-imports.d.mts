/** Types of check-imports.mjs (a plain Node script, so `npm run lint` needs no build). */
export const commonLayers: string[];
export function violation(from: string[], to: string[]): string | null;
export function findCycles(graph: Map<string, string[]>): string[][];
export function findViolations(root?: string): string[];
