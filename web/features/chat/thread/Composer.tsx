import { SendHorizontal, Siren, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type RefObject, useId, useState } from "react";
import { limits } from "../../../../common/base/limits.ts";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { messageBodyError } from "../../../../common/domain/chat-messages.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";
import { replyPreview } from "../../../../common/texts/reply-preview.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import type { ThreadMessage } from "../api/message-cache.ts";
import type { RestoreSend, SendInput } from "../api/message-mutations.ts";
import { AttachButton, DropHint } from "../attachments/AttachButton.tsx";
import { PendingFiles } from "../attachments/PendingFiles.tsx";
import { useComposerFiles } from "../attachments/use-composer-files.ts";
import { PrivacyWarning, privacyFieldClass } from "../privacy/PrivacyWarning.tsx";
import { usePrivacyCheck } from "../privacy/use-privacy-check.ts";
import { usePrivacySendGate } from "../privacy/use-send-gate.tsx";
import { useMentionComposer, useRoleWarning } from "../urgent/mentions.tsx";
import { useSendKeys } from "./send-key.ts";
import { isSendKey, useComposerLines } from "./typing.ts";
import { useAutosize } from "./use-autosize.ts";

const t = ui.thread;

/** The counter shows from here on, before the limit is reached. */
const counterFrom = limits.messageMaxLength - 200;
const length = (text: string) => Array.from(text.trim()).length;

function ReplyBar({ replyTo, onCancel }: { replyTo: ThreadMessage; onCancel: () => void }) {
  return (
    <div className="mb-2 flex items-center gap-2 rounded-md border-l-4 border-primary/50 bg-muted py-1.5 pr-1 pl-3 text-sm">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">
          {t.reply.replyingTo(withoutBidiControls(replyTo.author?.fullName ?? t.unknownAuthor))}
        </p>
        <p className="truncate text-muted-fg">{replyPreview(replyTo.deletedAt ? null : replyTo.content)}</p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t.reply.cancel}
        onClick={onCancel}
        className="size-11 md:size-9"
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}

/**
 * Every control here is 44×44 px or more on a phone (a thumb's target) and the compact
 * 36 px from the desktop layout on.
 *
 * Writing a message (spec §5): Enter sends, Shift+Enter is a new line, nothing is sent
 * while an input method composes; 'Tom melding' for nothing, the 4000-character limit
 * said before sending. A reply shows its quote above the field until sent or closed.
 * Files (chosen, dropped or pasted) upload at once and go with the text, or alone;
 * sending waits while one uploads and is refused while one has failed. The privacy
 * check colours the field and warns as one types; a high-risk draft asks before it goes
 * (use-send-gate.tsx).
 */
export function Composer({
  threadId,
  placeholder,
  replyTo,
  onCancelReply,
  onSend,
  fieldRef,
  urgentAllowed = false,
  mentionsOn = false,
}: {
  threadId: string;
  /** 'Haster': department, shift and direct threads */
  urgentAllowed?: boolean;
  /** '@' offers roles, 'vakt' and people: department and shift threads */
  mentionsOn?: boolean;
  placeholder: string;
  replyTo: ThreadMessage | null;
  onCancelReply: () => void;
  /** `restore` puts the text and the files back when sending fails */
  onSend: (input: SendInput, restore: RestoreSend) => void;
  /** the thread view focuses the field when a reply begins */
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const field = fieldRef;
  const errorId = useId();
  const files = useComposerFiles(threadId);
  const warningId = useId();
  const privacy = usePrivacyCheck(text);
  const gate = usePrivacySendGate(field);
  const keys = useSendKeys();
  const [urgent, setUrgent] = useState(false);
  const mentions = useMentionComposer({ threadId, enabled: mentionsOn, text, setText, field });
  const roleWarning = useRoleWarning(threadId, mentionsOn, field);
  useAutosize(field, text, useComposerLines());

  const count = length(text);
  const tooLong = count > limits.messageMaxLength;
  // Why sending waits for files is said as it now stands, and goes once it no longer holds.
  const waitSaid = error === t.attachments.waitForUploads || error === t.attachments.someFailed;
  const shownError = tooLong ? errorMessages.message_too_long : waitSaid ? files.blocked : error;

  const send = () => {
    // Files go only with a connection (the offline outbox queues text): all stays here.
    if (files.files.length > 0 && !navigator.onLine) return setError(ui.outbox.attachmentsNeedNetwork);
    if (files.blocked) return setError(files.blocked);
    const rule = messageBodyError(text, files.ready.length > 0);
    if (rule) return setError(errorMessages[rule]);
    gate.guard(text, () =>
      roleWarning.guard(text, () => {
        const attachments = files.ready;
        const sent = { content: text, attachmentIds: attachments.map((a) => a.id) };
        const clientKey = keys.keyFor(sent);
        const asUrgent = urgentAllowed && urgent;
        onSend({ content: text, replyTo, attachments, clientKey, urgent: asUrgent }, (failed, restored) => {
          setText((current) => current || failed);
          files.restore(restored);
          if (asUrgent) setUrgent(true);
          // Sent again unchanged, it goes with this key: the server may have stored it.
          keys.failed(clientKey, sent);
        });
        setText("");
        setUrgent(false);
        files.clear();
        setError(null);
        onCancelReply();
      }),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event)) return;
    if (isSendKey(event)) {
      event.preventDefault();
      send();
    } else if (event.key === "Escape" && replyTo) {
      event.preventDefault();
      onCancelReply();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
    field.current?.focus();
  };

  return (
    <form onSubmit={onSubmit} className="relative border-t border-border bg-white px-3 pt-2.5 pb-3 md:px-6">
      {files.dragging && <DropHint />}
      {replyTo && <ReplyBar replyTo={replyTo} onCancel={onCancelReply} />}
      {mentions.list}
      <PendingFiles files={files.files} onRetry={files.retry} onRemove={files.remove} />
      <div className="flex items-end gap-2">
        {files.on && <AttachButton onFiles={files.add} />}
        {urgentAllowed && (
          <Button
            type="button"
            variant={urgent ? "danger" : "ghost"}
            size="sm"
            aria-pressed={urgent}
            title={ui.urgent.toggleHint}
            onClick={() => setUrgent((on) => !on)}
            className={cn("shrink-0 gap-1 px-2 max-md:size-11 max-md:px-0", !urgent && "text-muted-fg")}
          >
            <Siren aria-hidden />
            <span className="max-md:sr-only">{ui.urgent.toggle}</span>
          </Button>
        )}
        <textarea
          ref={field}
          rows={1}
          value={text}
          placeholder={placeholder}
          aria-label={t.composer.label}
          aria-invalid={shownError !== null}
          aria-describedby={shownError ? `${errorId} ${warningId}` : warningId}
          {...mentions.fieldProps}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
            mentions.update(event.target.value, event.target.selectionStart);
          }}
          onClick={(event) => mentions.update(event.currentTarget.value, event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onPaste={files.onPaste}
          className={cn(
            "block min-h-11 w-full min-w-0 flex-1 resize-none rounded-md border border-border bg-white px-3 py-2.5 text-[15px] md:min-h-9 md:py-1.5 leading-6 text-ink placeholder:text-muted-fg focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary/40 aria-invalid:border-error",
            privacyFieldClass(privacy.confidence),
          )}
        />
        <Button
          type="submit"
          size="icon"
          aria-label={t.composer.send}
          disabled={tooLong || files.uploading}
          className="size-11 md:size-9"
        >
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      <PrivacyWarning id={warningId} level={privacy.confidence} className="mt-1" />
      {gate.dialog}
      {roleWarning.dialog}
      {(shownError || count >= counterFrom) && (
        <div className="mt-1 flex items-start justify-between gap-3 text-sm">
          <p id={errorId} role="alert" className="text-error">
            {shownError}
          </p>
          {count >= counterFrom && (
            <p className={cn("shrink-0 tabular text-muted-fg", tooLong && "font-medium text-error")}>
              {t.composer.tooLong(count, limits.messageMaxLength)}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
