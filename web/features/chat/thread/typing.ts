import type { KeyboardEvent } from "react";
import { useMediaQuery } from "../../../lib/media.ts";

/**
 * Enter sends (or saves), Shift+Enter is a new line, and nothing is sent while an input
 * method is still composing (Japanese, Chinese, some phone keyboards): there Enter
 * confirms the composed characters. Safari reports that Enter as key code 229.
 */
export const isSendKey = (event: KeyboardEvent) =>
  event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing && event.keyCode !== 229;

/** Spec §9: the composer grows to 4 lines under 640 px wide, to 6 otherwise. */
export const useComposerLines = () => (useMediaQuery("(min-width: 640px)") ? 6 : 4);
