/**
 * The last check before a message (new or edited) goes out. The debounced warning may lag a
 * fast typist, so the text is checked again here, synchronously, as it is sent.
 */
import { type ReactNode, type RefObject, useState } from "react";
import { checkPrivacy, type PrivacyConfidence, type PrivacyKind } from "../../../../common/domain/privacy.ts";
import { useFeature } from "../../../lib/config.tsx";
import { PrivacyDialog } from "./PrivacyDialog.tsx";

export interface SendGate {
  /** render it anywhere in the component: the dialog is portalled */
  dialog: ReactNode;
  /** sends at once, or asks first when `enabled` and the text has high-confidence findings */
  guard: (text: string, send: () => void) => void;
}

// The dialog names the most serious findings first.
const order: Record<PrivacyConfidence, number> = { high: 0, medium: 1, low: 2 };

interface Pending {
  kinds: PrivacyKind[];
  send: () => void;
}

export function useSendGate({
  enabled,
  fieldRef,
}: {
  enabled: boolean;
  /** the text field, focused again when the dialog closes */
  fieldRef?: RefObject<HTMLElement | null>;
}): SendGate {
  const [pending, setPending] = useState<Pending | null>(null);

  const guard = (text: string, send: () => void) => {
    if (!enabled) return send();
    const result = checkPrivacy(text);
    if (result.confidence !== "high") return send();
    const findings = [...result.findings].sort((a, b) => order[a.confidence] - order[b.confidence]);
    setPending({ kinds: findings.map((f) => f.kind), send });
  };

  const dialog = (
    <PrivacyDialog
      open={pending !== null}
      kinds={pending?.kinds ?? []}
      fieldRef={fieldRef}
      onClose={() => setPending(null)}
      onConfirm={() => pending?.send()}
    />
  );
  return { dialog, guard };
}

/**
 * The send gate as the brand configures it: it asks only with `chatModerationBlocking` on
 * (default off); the inline warning shows either way.
 */
export function usePrivacySendGate(fieldRef?: RefObject<HTMLElement | null>): SendGate {
  return useSendGate({ enabled: useFeature("chatModerationBlocking"), fieldRef });
}
