/** Types of check-imports.mjs (a plain Node script, so `npm run lint` needs no build). */
export function violation(from: string[], to: string[]): string | null;
export function findViolations(): string[];
