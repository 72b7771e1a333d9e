/**
 * What every message of an open thread may do, given once by the thread view instead of
 * passed down through the virtualised list: who I am, whether I may write, the
 * mutations, and the view's own state (reply, edit, the message to jump to).
 */
import { createContext, use } from "react";
import type { ChatPerson } from "../../../../common/schemas/chat.ts";
import type { ThreadMessage } from "../api/message-cache.ts";

export interface ThreadActions {
  me: ChatPerson;
  canWrite: boolean;
  reactionsOn: boolean;
  editingId: string | null;
  startEdit(message: ThreadMessage): void;
  stopEdit(messageId: string): void;
  saveEdit(messageId: string, content: string): void;
  remove(messageId: string): void;
  restore(messageId: string): void;
  toggleReaction(messageId: string, emoji: string): void;
  reply(message: ThreadMessage): void;
  jumpTo(messageId: string): void;
}

const ThreadActionsContext = createContext<ThreadActions | null>(null);

export const ThreadActionsProvider = ThreadActionsContext.Provider;

export function useThreadActions(): ThreadActions {
  const actions = use(ThreadActionsContext);
  if (!actions) throw new Error("useThreadActions outside a thread view");
  return actions;
}

/** Every message element carries its id, for focus and for jumping to it. */
export const messageSelector = (id: string) => `[data-message-id="${CSS.escape(id)}"]`;

export function focusMessage(root: ParentNode, id: string) {
  root.querySelector<HTMLElement>(messageSelector(id))?.focus({ preventScroll: true });
}
