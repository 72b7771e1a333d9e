import { type RefObject, useLayoutEffect } from "react";

const px = (value: string) => Number.parseFloat(value) || 0;

/**
 * A text field that grows with its text from one line up to `maxLines`, then scrolls
 * (spec §9: 4 lines under 640 px wide, 6 otherwise). Fields are border-box sized.
 */
export function useAutosize(ref: RefObject<HTMLTextAreaElement | null>, value: string, maxLines: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field is measured again whenever its text changes
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field) return;
    const style = getComputedStyle(field);
    const border = px(style.borderTopWidth) + px(style.borderBottomWidth);
    const padding = px(style.paddingTop) + px(style.paddingBottom);
    const max = maxLines * (px(style.lineHeight) || 24) + padding + border;
    // Shrink first, so that scrollHeight measures the text rather than the current height.
    field.style.height = "auto";
    const wanted = field.scrollHeight + border;
    field.style.height = `${Math.min(wanted, max)}px`;
    field.style.overflowY = wanted > max ? "auto" : "hidden";
  }, [ref, value, maxLines]);
}
