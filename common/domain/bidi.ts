/**
 * Bidirectional control characters in what people write: embeddings and overrides
 * (U+202A–U+202E), isolates (U+2066–U+2069) and the direction marks (U+200E, U+200F,
 * U+061C). They are invisible and reorder what follows them, so a link written as
 * `…/\u202Egnp.exe` shows as `…/exe.png`, and a name can turn the words after it
 * around. Stored text keeps them; what is displayed as a link, a file name or a name
 * goes without them.
 */

const controls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Whether the text holds any bidirectional control character. */
export function hasBidiControls(text: string): boolean {
  controls.lastIndex = 0;
  return controls.test(text);
}

/** The text without its bidirectional control characters; other text is unchanged. */
export function withoutBidiControls(text: string): string {
  return text.replace(controls, "");
}
