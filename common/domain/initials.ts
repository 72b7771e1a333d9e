/** Initials for an avatar: the first letters of up to 2 words of the name (spec §2). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase("nb-NO") ?? "")
    .join("");
}
