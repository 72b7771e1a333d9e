/** C0 controls (NUL, tab, CR, LF …) and DEL: never part of a name, address or path. */
export function hasControlCharacters(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  return /[\u0000-\u001f\u007f]/.test(value);
}
