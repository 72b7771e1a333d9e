/**
 * My own changes to a thread's messages: sends, edits, deletions with their undo, and
 * reactions. Each shows at once (optimistic) and is rolled back when the server refuses.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { normaliseMessageBody } from "../../../../common/domain/chat-messages.ts";
import {
  type AttachmentDto,
  type ChatPerson,
  messageDto,
  type ReactionDto,
  reactionsResponse,
} from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { replyPreview } from "../../../../common/texts/reply-preview.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError, apiFetch, errorText } from "../../../lib/api.ts";
import { outboxAvailable } from "../../../lib/outbox-db.ts";
import { isTransient } from "../outbox/outbox.ts";
import { outboxFor } from "../outbox/use-outbox.ts";
import { chatKeys } from "./keys.ts";
import {
  appendNew,
  mapMessages,
  patchMessage,
  putMessage,
  rollback,
  type ThreadMessage,
  updateMessages,
  url,
} from "./message-cache.ts";
import { threadSync } from "./thread-sync.ts";

const t = ui.thread;

export interface SendInput {
  content: string;
  replyTo: ThreadMessage | null;
  /** files already uploaded to the thread, in the order shown */
  attachments?: readonly AttachmentDto[];
  /** one per message, the same for a retry of it (thread/send-key.ts) */
  clientKey: string;
  /** 'Haster' */
  urgent?: boolean;
}

/** What a failed send gives back to the composer. */
export type RestoreSend = (text: string, attachments: readonly AttachmentDto[]) => void;

let localIds = 0;

/** The quote above a reply, as the server will give it. */
const quoteOf = (replyTo: ThreadMessage | null) =>
  replyTo && {
    id: replyTo.id,
    author: replyTo.author,
    preview: replyPreview(replyTo.deletedAt ? null : replyTo.content),
    deleted: replyTo.deletedAt !== null,
  };

/** My message shown at once, marked pending until the server has it. */
function pendingMessage(
  threadId: string,
  me: ChatPerson,
  { content, replyTo, attachments = [], urgent }: SendInput,
): ThreadMessage {
  localIds += 1;
  return {
    id: `local-${localIds}`,
    threadId,
    author: me,
    content: normaliseMessageBody(content),
    createdAt: new Date().toISOString(),
    editedAt: null,
    deletedAt: null,
    replyTo: quoteOf(replyTo),
    reactions: [],
    attachments: [...attachments],
    abilities: { edit: false, delete: false, react: false, undo: false },
    urgent: urgent === true,
    pending: true,
  };
}

/** The spec's failure: the text and files back in the composer, and a toast saying why. */
function sendFailed(err: unknown, input: SendInput, onFailed: RestoreSend) {
  onFailed(input.content, input.attachments ?? []);
  // A rule the server applies (too long) says what to change; anything else is the spec's text.
  const description = err instanceof ApiError && err.status === 422 ? err.message : t.toasts.sendFailedBody;
  toast.error(t.toasts.sendFailed, { description });
}

/** Text alone can wait in the outbox; files were uploaded online and go online (issue 27). */
const queueable = (input: SendInput) => !input.attachments?.length && outboxAvailable();

/**
 * Send: my message shows at once, marked pending, with its files. Without a connection
 * (offline, or after a message of this thread that still waits) it goes into the offline
 * outbox and shows as 'Venter på nett'; a send that meets a network error or a 503 goes
 * there too. Any other failure gives `onFailed` the text and the files back.
 */
export function useSendMessage(threadId: string, me: ChatPerson) {
  const client = useQueryClient();
  const sync = threadSync(client, threadId);
  const outbox = outboxFor(client, me.userId);
  // Queued behind a waiting message while online, it goes at once with the rest; queued
  // because its own send just failed, it waits for a sign the connection is back.
  const queue = useCallback(
    (input: SendInput, onFailed: RestoreSend, { writtenAt, flush }: { writtenAt?: number; flush: boolean }) =>
      outbox
        .enqueue(
          {
            clientKey: input.clientKey,
            threadId,
            content: normaliseMessageBody(input.content),
            replyToId: input.replyTo?.id ?? null,
            replyTo: quoteOf(input.replyTo),
            ...(input.urgent ? { urgent: true } : {}),
          },
          writtenAt,
        )
        .then(
          () => (flush && navigator.onLine ? outbox.flush() : undefined),
          (err: unknown) => sendFailed(err, input, onFailed),
        ),
    [outbox, threadId],
  );
  const mutation = useMutation({
    mutationKey: [...chatKeys.messages(threadId), "send"],
    // Offline, a mutation would wait silently for the network with my message shown as
    // sending; tried at once, it fails at once and goes to the outbox (or back to the composer).
    networkMode: "always",
    mutationFn: ({ input }: { input: SendInput; local: ThreadMessage; onFailed: RestoreSend }) =>
      sync.trackSend(
        apiFetch(url.messages(threadId), {
          method: "POST",
          body: {
            content: input.content,
            clientKey: input.clientKey,
            ...(input.replyTo ? { replyToId: input.replyTo.id } : {}),
            ...(input.urgent ? { urgent: true } : {}),
            ...(input.attachments?.length ? { attachmentIds: input.attachments.map((a) => a.id) } : {}),
          },
          schema: messageDto,
        }),
      ),
    onMutate: ({ local }) => updateMessages(client, threadId, (data) => appendNew(data, [local])),
    onSuccess: (message, { local }) => {
      // Sent before the history came: the catch-up after the first load brings it.
      if (!client.getQueryData(chatKeys.messages(threadId))) return void sync.catchUp("new").catch(() => {});
      putMessage(client, message, local.id);
    },
    onError: (err, { input, local, onFailed }) => {
      updateMessages(client, threadId, (data) => mapMessages(data, (m) => (m.id === local.id ? null : m)));
      // The server may have stored it; queued with its key, it is still stored once.
      if (queueable(input) && isTransient(err))
        void queue(input, onFailed, { writtenAt: Date.parse(local.createdAt), flush: false });
      else sendFailed(err, input, onFailed);
    },
  });
  const { mutate } = mutation;
  return useCallback(
    (input: SendInput, onFailed: RestoreSend) => {
      if (queueable(input) && (!navigator.onLine || outbox.waitingIn(threadId)))
        void queue(input, onFailed, { flush: true });
      else mutate({ input, local: pendingMessage(threadId, me, input), onFailed });
    },
    [mutate, queue, outbox, threadId, me],
  );
}

export function useEditMessage(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...chatKeys.messages(threadId), "edit"],
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      apiFetch(url.message(id), { method: "PATCH", body: { content }, schema: messageDto }),
    onMutate: ({ id, content }) =>
      patchMessage(client, threadId, id, (m) => ({
        ...m,
        content: normaliseMessageBody(content),
        editedAt: new Date().toISOString(),
      })),
    onSuccess: (message) => {
      putMessage(client, message);
      toast.success(t.toasts.edited, { description: t.toasts.editedBody });
    },
    onError: (err, _vars, before) => {
      rollback(client, before);
      toast.error(t.toasts.editFailed, { description: errorText(err, ui.common.somethingWentWrong) });
    },
  });
}

export function useRestoreMessage(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...chatKeys.messages(threadId), "restore"],
    mutationFn: (id: string) =>
      apiFetch(`${url.message(id)}/restore`, { method: "POST", schema: messageDto }),
    onMutate: (id) => patchMessage(client, threadId, id, (m) => ({ ...m, deletedAt: null })),
    onSuccess: (message) => {
      putMessage(client, message);
      toast.success(t.toasts.undone, { description: t.toasts.undoneBody });
    },
    onError: (err, _id, before) => {
      rollback(client, before);
      toast.error(t.toasts.undoFailed, { description: errorText(err, ui.common.somethingWentWrong) });
    },
  });
}

/** Delete, with 'Angre' in the toast for its 5 seconds (spec §9). */
export function useDeleteMessage(threadId: string) {
  const client = useQueryClient();
  const restore = useRestoreMessage(threadId);
  return useMutation({
    mutationKey: [...chatKeys.messages(threadId), "delete"],
    mutationFn: (id: string) => apiFetch(url.message(id), { method: "DELETE", schema: messageDto }),
    onMutate: (id) =>
      patchMessage(client, threadId, id, (m) => ({
        ...m,
        deletedAt: new Date().toISOString(),
        reactions: [],
        abilities: { edit: false, delete: false, react: false, undo: true },
      })),
    onSuccess: (message) => {
      putMessage(client, message);
      toast(t.toasts.deleted, {
        duration: 5000,
        action: { label: t.actions.undo, onClick: () => restore.mutate(message.id) },
      });
    },
    onError: (err, _id, before) => {
      rollback(client, before);
      toast.error(t.toasts.deleteFailed, { description: errorText(err, ui.common.somethingWentWrong) });
    },
  });
}

/** My reaction given or taken back, as the server's toggle will do it. */
function toggled(reactions: readonly ReactionDto[], emoji: string, me: ChatPerson): ReactionDto[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (!existing) return [...reactions, { emoji, count: 1, users: [me], mine: true }];
  if (!existing.mine)
    return reactions.map((r) =>
      r === existing ? { ...r, count: r.count + 1, users: [...r.users, me], mine: true } : r,
    );
  if (existing.count === 1) return reactions.filter((r) => r !== existing);
  return reactions.map((r) =>
    r === existing
      ? { ...r, count: r.count - 1, users: r.users.filter((u) => u.userId !== me.userId), mine: false }
      : r,
  );
}

export function useToggleReaction(threadId: string, me: ChatPerson) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...chatKeys.messages(threadId), "react"],
    mutationFn: ({ id, emoji }: { id: string; emoji: string }) =>
      apiFetch(`${url.message(id)}/reactions`, {
        method: "POST",
        body: { emoji },
        schema: reactionsResponse,
      }),
    onMutate: ({ id, emoji }) =>
      patchMessage(client, threadId, id, (m) => ({ ...m, reactions: toggled(m.reactions, emoji, me) })),
    onSuccess: ({ reactions }, { id }) => patchMessage(client, threadId, id, (m) => ({ ...m, reactions })),
    onError: (_err, _vars, before) => {
      rollback(client, before);
      toast.error(t.toasts.reactionFailed);
    },
  });
}
