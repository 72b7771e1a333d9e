/** The picker's columns: each section's emojis fill rows of 8, its last row maybe fewer. */
export const emojiColumns = 8;

/**
 * Where the focus goes in the emoji picker on a key: the index, counted across all
 * sections, or null when the key does not move it. At an edge it stays where it is.
 * - ArrowLeft/ArrowRight: one emoji back or on, across rows and sections;
 * - ArrowUp/ArrowDown: one row, within the section; from its first or last row to the
 *   same column in the adjacent section's nearest row (its last or first), clamped to
 *   that row's length; likewise down into a section's shorter last row;
 * - Home/End: the first or last emoji of the row; Ctrl+Home/Ctrl+End: of the picker.
 * Sections are never empty.
 */
export function nextEmojiIndex(
  index: number,
  key: { key: string; ctrlKey?: boolean },
  sectionLengths: readonly number[],
  columns = emojiColumns,
): number | null {
  const total = sectionLengths.reduce((sum, n) => sum + n, 0);
  let section = 0;
  let start = 0;
  while (index >= start + sectionLengths[section]!) start += sectionLengths[section++]!;
  const length = sectionLengths[section]!;
  const rowStart = start + Math.floor((index - start) / columns) * columns;
  const column = index - rowStart;
  switch (key.key) {
    case "ArrowLeft":
      return Math.max(index - 1, 0);
    case "ArrowRight":
      return Math.min(index + 1, total - 1);
    case "Home":
      return key.ctrlKey ? 0 : rowStart;
    case "End":
      return key.ctrlKey ? total - 1 : Math.min(rowStart + columns, start + length) - 1;
    case "ArrowUp": {
      if (rowStart > start) return index - columns;
      if (section === 0) return index;
      const previous = sectionLengths[section - 1]!;
      const lastRow = Math.floor((previous - 1) / columns) * columns;
      return start - previous + Math.min(lastRow + column, previous - 1);
    }
    case "ArrowDown": {
      const nextRow = rowStart + columns;
      if (nextRow < start + length) return Math.min(index + columns, start + length - 1);
      if (section === sectionLengths.length - 1) return index;
      return start + length + Math.min(column, sectionLengths[section + 1]! - 1);
    }
    default:
      return null;
  }
}
