import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { messageBodyError, normaliseMessageBody } from "../../../../common/domain/chat-messages.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import type { ThreadMessage } from "../api/message-cache.ts";
import { PrivacyWarning, privacyFieldClass } from "../privacy/PrivacyWarning.tsx";
import { usePrivacyCheck } from "../privacy/use-privacy-check.ts";
import { usePrivacySendGate } from "../privacy/use-send-gate.tsx";
import { useThreadActions } from "./thread-context.tsx";
import { isSendKey, useComposerLines } from "./typing.ts";
import { useAutosize } from "./use-autosize.ts";

const t = ui.thread;

/**
 * Editing in place (spec §5): Enter saves, Shift+Enter a new line, Escape cancels. The
 * privacy check watches an edit as it does a new message.
 */
export function EditBox({ message }: { message: ThreadMessage }) {
  const actions = useThreadActions();
  const [text, setText] = useState(message.content ?? "");
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const errorId = useId();
  const warningId = useId();
  const privacy = usePrivacyCheck(text);
  const gate = usePrivacySendGate(field);
  useAutosize(field, text, useComposerLines());

  useEffect(() => {
    const input = field.current;
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, []);

  const save = () => {
    const rule = messageBodyError(text, false);
    if (rule) return setError(errorMessages[rule]);
    if (normaliseMessageBody(text) === message.content) return actions.stopEdit(message.id);
    gate.guard(text, () => actions.saveEdit(message.id, text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendKey(event)) {
      event.preventDefault();
      save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      actions.stopEdit(message.id);
    }
  };

  return (
    <div className="mt-1">
      <textarea
        ref={field}
        rows={1}
        value={text}
        aria-label={t.edit.label}
        aria-describedby={[error ? errorId : null, hintId, warningId].filter(Boolean).join(" ")}
        aria-invalid={error !== null}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        className={cn(
          "block w-full resize-none rounded-md border border-border bg-white px-3 py-1.5 text-[15px] leading-6 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary/40 aria-invalid:border-error",
          privacyFieldClass(privacy.confidence),
        )}
      />
      <PrivacyWarning id={warningId} level={privacy.confidence} className="mt-1" />
      {gate.dialog}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
      <div className="mt-1.5 flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={save}>
          {t.edit.save}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => actions.stopEdit(message.id)}>
          {t.edit.cancel}
        </Button>
        <span id={hintId} className="text-xs text-muted-fg">
          {t.edit.hint}
        </span>
      </div>
    </div>
  );
}
