/**
 * The privacy check of a draft while it is typed. The check itself is fast (under 1 ms for
 * 4,000 characters), but re-rendering a warning on every keystroke is not free and a warning
 * that flickers while a number is half typed helps no one, so the text is checked once typing
 * pauses. Sending never relies on this: the send gate checks the text as it is at that moment.
 */
import { useEffect, useMemo, useState } from "react";
import {
  checkPrivacy,
  type PrivacyConfidence,
  type PrivacyResult,
} from "../../../../common/domain/privacy.ts";

const clean: PrivacyResult = { confidence: null, findings: [] };
const isBlank = (text: string) => text.trim() === "";

/** The level of `text` right now, synchronously: for the moment of sending. */
export function privacyLevelOf(text: string): PrivacyConfidence | null {
  return isBlank(text) ? null : checkPrivacy(text).confidence;
}

/**
 * The privacy result for `text`, `delayMs` after it last changed. An emptied field (a sent
 * message, a cleared draft) is clean at once, and its old result is forgotten so the next
 * draft does not briefly show the previous one's warning.
 */
export function usePrivacyCheck(text: string, { delayMs = 250 }: { delayMs?: number } = {}): PrivacyResult {
  const [settled, setSettled] = useState("");

  useEffect(() => {
    if (isBlank(text)) {
      setSettled("");
      return;
    }
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  // Once per settled text, not per render: the composer re-renders for other reasons too.
  const result = useMemo(() => (isBlank(settled) ? clean : checkPrivacy(settled)), [settled]);
  return isBlank(text) ? clean : result;
}
