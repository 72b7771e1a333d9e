import type { LucideIcon } from "lucide-react";
import { Pencil, Reply, SmilePlus, Trash2 } from "lucide-react";
import type { ComponentProps } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import type { ThreadMessage } from "../api/message-cache.ts";
import { EmojiPicker } from "./EmojiPicker.tsx";
import { useThreadActions } from "./thread-context.tsx";

const t = ui.thread;

function ActionButton({
  label,
  icon: Icon,
  ...props
}: { label: string; icon: LucideIcon } & ComponentProps<"button">) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        className="flex size-11 items-center justify-center rounded-md text-muted-fg hover:bg-muted hover:text-ink md:size-9"
        {...props}
      >
        <Icon aria-hidden className="size-4" />
      </button>
    </Tooltip>
  );
}

/**
 * React, reply, edit, delete: MessageItem shows them while the message is hovered or
 * holds the focus, so only the focused message's buttons are in the tab order, and while
 * the reaction picker is open (`onPickingChange`). What appears follows the message's
 * `abilities` from the server.
 */
export function MessageActions({
  message,
  onPickingChange,
}: {
  message: ThreadMessage;
  onPickingChange: (picking: boolean) => void;
}) {
  const actions = useThreadActions();
  const { abilities } = message;
  const canReact = abilities.react && actions.reactionsOn;
  const canReply = actions.canWrite && !message.deletedAt && !message.pending;
  if (!canReact && !canReply && !abilities.edit && !abilities.delete) return null;
  return (
    <div
      role="toolbar"
      aria-label={t.actions.label}
      className="absolute -top-4 right-3 z-10 flex items-center rounded-lg border border-border bg-white p-0.5 shadow-sm"
    >
      {canReact && (
        <EmojiPicker
          onOpenChange={onPickingChange}
          onPick={(emoji) => actions.toggleReaction(message.id, emoji)}
          trigger={<ActionButton label={t.actions.react} icon={SmilePlus} />}
        />
      )}
      {canReply && (
        <ActionButton label={t.reply.action} icon={Reply} onClick={() => actions.reply(message)} />
      )}
      {abilities.edit && (
        <ActionButton label={t.actions.edit} icon={Pencil} onClick={() => actions.startEdit(message)} />
      )}
      {abilities.delete && (
        <ActionButton label={t.actions.delete} icon={Trash2} onClick={() => actions.remove(message.id)} />
      )}
    </div>
  );
}
