/**
 * The last check before a message (new or edited) goes out. The debounced warning may lag a
 * fast typist, so the text is checked again here, synchronously, as it is sent.
 */
import { type ReactNode, type RefObject, useRef, useState } from "react";
import { checkPrivacy, type PrivacyConfidence, type PrivacyKind } from "../../../../common/domain/privacy.ts";
import type { PrivacyChoice } from "../../../../common/schemas/privacy-choices.ts";
import { useFeature } from "../../../lib/config.tsx";
import { recordPrivacyChoice } from "../api/privacy-choices.ts";
import { PrivacyDialog } from "./PrivacyDialog.tsx";

export interface SendGate {
  /** render it anywhere in the component: the dialog is portalled */
  dialog: ReactNode;
  /** sends at once, or asks first when the text's findings reach `asksFrom` */
  guard: (text: string, send: () => void) => void;
}

// The dialog names the most serious findings first.
const order: Record<PrivacyConfidence, number> = { high: 0, medium: 1, low: 2 };

interface Pending {
  kinds: PrivacyKind[];
  send: () => void;
}

export function useSendGate({
  asksFrom,
  fieldRef,
  onChoice,
}: {
  /** the lowest confidence that asks first; a draft below it goes at once */
  asksFrom: "high" | "medium";
  /** the text field, focused again when the dialog closes */
  fieldRef?: RefObject<HTMLElement | null>;
  /** told once per question: 'Send likevel', or 'Rediger' (also Escape) */
  onChoice?: (choice: PrivacyChoice) => void;
}): SendGate {
  const [pending, setPending] = useState<Pending | null>(null);
  // The question still open: the dialog's close follows 'Send likevel' in the same click,
  // and only a close without it is the choice to edit.
  const asking = useRef<Pending | null>(null);

  const guard = (text: string, send: () => void) => {
    const result = checkPrivacy(text);
    if (result.confidence === null || order[result.confidence] > order[asksFrom]) return send();
    const findings = [...result.findings].sort((a, b) => order[a.confidence] - order[b.confidence]);
    const question = { kinds: findings.map((f) => f.kind), send };
    asking.current = question;
    setPending(question);
  };

  const answer = (choice: PrivacyChoice) => {
    const question = asking.current;
    asking.current = null;
    if (!question) return;
    onChoice?.(choice);
    if (choice === "send_anyway") question.send();
  };

  const dialog = (
    <PrivacyDialog
      open={pending !== null}
      kinds={pending?.kinds ?? []}
      fieldRef={fieldRef}
      onClose={() => {
        answer("edit");
        setPending(null);
      }}
      onConfirm={() => answer("send_anyway")}
    />
  );
  return { dialog, guard };
}

/**
 * The send gate as the ward uses it (decisions.md § Chat, 'The privacy gate holds
 * high-confidence findings'): a high-confidence draft always asks; the brand's
 * `chatModerationBlocking` (default off) makes a medium one ask too. Low findings only
 * warn. Each answer is counted for the department, never the text.
 */
export function usePrivacySendGate(fieldRef?: RefObject<HTMLElement | null>): SendGate {
  const strict = useFeature("chatModerationBlocking");
  return useSendGate({ asksFrom: strict ? "medium" : "high", fieldRef, onChoice: recordPrivacyChoice });
}
