/**
 * A department thread's API as the component tests need it: messages in memory, pages
 * with `before` and `after`, and every message action, with the calls recorded. Tests
 * add messages "from others" straight into it and announce them through the fake socket.
 */
import { vi } from "vitest";
import type {
  AttachmentDto,
  ChatPerson,
  MentionOptions,
  MessageDto,
  ThreadDto,
} from "../../../../common/schemas/chat.ts";
import { messagePageSize } from "../../../../common/schemas/chat.ts";
import { baseHandlers, mockApi, session } from "../../../test/app.tsx";

export const kari: ChatPerson = {
  userId: "0b6a3c1e-0000-4000-8000-00000000000a",
  fullName: "Kari Nordmann",
  avatarUrl: null,
};
export const ola: ChatPerson = {
  userId: "0b6a3c1e-0000-4000-8000-00000000000b",
  fullName: "Ola Nordmann",
  avatarUrl: null,
};
export const threadId = "0b6a3c1e-0000-4000-8000-0000000000f1";

const thread: ThreadDto = {
  id: threadId,
  kind: "department",
  deptId: "7d0f7a3e-2a5e-4f55-9f0c-3a1f7d3c9a01",
  name: "Anestesi",
  isPublic: true,
  shift: null,
  other: null,
  members: [kari, ola],
  isMember: true,
  abilities: { write: true, join: false, addMembers: false },
  retention: { messages: null, attachments: null },
};

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

type Reply = { status: number; body: unknown };

const failure = (status: number, message: string): Reply => ({
  status,
  body: { error: { code: "internal", message } },
});

let ids = 0;
const nextId = () => {
  ids += 1;
  return `0b6a3c1e-0000-4000-8000-${String(ids).padStart(12, "0")}`;
};

/** Signed in as Kari; the department thread answers from `messages`. */
export function chatServer() {
  const messages: MessageDto[] = [];
  const calls: Call[] = [];
  /** files uploaded to the thread (the test answers the uploads), claimed by a send naming them */
  const files = new Map<string, AttachmentDto>();
  /** set to make the next send wait for it, or fail; `historyGate` holds the reading of pages */
  const control: {
    sendGate: Promise<void> | null;
    sendFails: boolean;
    historyGate: Promise<void> | null;
    /** the department's duty roles and people, for '@' */
    mentionOptions: MentionOptions;
    /** what the department's retention deletes in the thread */
    retention: ThreadDto["retention"];
  } = {
    sendGate: null,
    sendFails: false,
    historyGate: null,
    mentionOptions: { roles: [], people: [] },
    retention: thread.retention,
  };

  const make = (
    author: ChatPerson | null,
    content: string | null,
    over: Partial<MessageDto> = {},
  ): MessageDto => {
    const mine = author?.userId === kari.userId;
    return {
      id: nextId(),
      threadId,
      author,
      content,
      createdAt: new Date().toISOString(),
      editedAt: null,
      deletedAt: null,
      replyTo: null,
      reactions: [],
      attachments: [],
      abilities: { edit: mine, delete: mine, react: true, undo: false },
      ...over,
    };
  };
  /** A message written elsewhere, now in the database. */
  const add = (author: ChatPerson | null, content: string | null, over: Partial<MessageDto> = {}) => {
    const message = make(author, content, over);
    messages.push(message);
    return message;
  };
  const find = (id: string) => messages.find((m) => m.id === id);
  const indexOf = (id: string) => messages.findIndex((m) => m.id === id);

  async function answer(method: string, url: URL, body: unknown): Promise<Reply | undefined> {
    const path = url.pathname;
    if (method === "POST" && path === "/api/chat/department")
      return { status: 200, body: { ...thread, retention: control.retention } };
    if (path === `/api/chat/threads/${threadId}/messages`) {
      if (method === "POST") {
        if (control.sendGate) await control.sendGate;
        if (control.sendFails) return failure(500, "Noe gikk galt");
        const {
          content,
          attachmentIds = [],
          urgent = false,
        } = body as { content: string; attachmentIds?: string[]; urgent?: boolean };
        const attachments = attachmentIds.flatMap((id) => files.get(id) ?? []);
        return { status: 201, body: add(kari, content.trim(), { attachments, urgent }) };
      }
      if (control.historyGate) await control.historyGate;
      const before = url.searchParams.get("before");
      const after = url.searchParams.get("after");
      const from = url.searchParams.get("from");
      const asOf = new Date().toISOString();
      // Changes since: everything from `from` on, as the server's overlap may also answer.
      if (from)
        return { status: 200, body: { messages: messages.slice(indexOf(from)), hasMore: false, asOf } };
      if (after) {
        const rest = messages.slice(indexOf(after) + 1);
        return {
          status: 200,
          body: { messages: rest.slice(0, messagePageSize), hasMore: rest.length > messagePageSize, asOf },
        };
      }
      const end = before ? indexOf(before) : messages.length;
      const start = Math.max(0, end - messagePageSize);
      return { status: 200, body: { messages: messages.slice(start, end), hasMore: start > 0, asOf } };
    }
    if (method === "POST" && path === `/api/chat/threads/${threadId}/read`)
      return { status: 200, body: { unread: 0 } };
    if (path === `/api/chat/threads/${threadId}/mention-options`)
      return { status: 200, body: control.mentionOptions };
    if (path === `/api/chat/threads/${threadId}/reach-check`) {
      const text = (body as { content: string }).content.toLowerCase();
      const unheldRoles = control.mentionOptions.roles
        .filter((r) => !r.held && text.includes(`@${r.name.toLowerCase()}`))
        .map((r) => r.name);
      return { status: 200, body: { unheldRoles, people: [] } };
    }
    const match = /^\/api\/chat\/messages\/([^/]+)(\/restore|\/reactions|\/acknowledge)?$/.exec(path);
    const message = match && find(match[1]!);
    if (!match || !message) return undefined;
    switch (`${method} ${match[2] ?? ""}`) {
      case "GET ":
        return { status: 200, body: message };
      case "PATCH ":
        Object.assign(message, {
          content: (body as { content: string }).content.trim(),
          editedAt: new Date().toISOString(),
        });
        return { status: 200, body: message };
      case "DELETE ":
        Object.assign(message, {
          deletedAt: new Date().toISOString(),
          reactions: [],
          abilities: { edit: false, delete: false, react: false, undo: true },
        });
        return { status: 200, body: message };
      case "POST /acknowledge": {
        const acknowledgedAt = message.acknowledgement?.acknowledgedAt ?? new Date().toISOString();
        Object.assign(message, {
          acknowledgement: { acknowledgedAt },
          abilities: { ...message.abilities, acknowledge: false },
        });
        return { status: 200, body: { acknowledgedAt } };
      }
      case "POST /restore":
        Object.assign(message, {
          deletedAt: null,
          abilities: { edit: true, delete: true, react: true, undo: false },
        });
        return { status: 200, body: message };
      default:
        return undefined;
    }
  }

  mockApi(baseHandlers(session("staff", { user: { ...session("staff").user, id: kari.userId } })));
  const others = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    if (!url.pathname.startsWith("/api/chat/")) return others(input, init);
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const reply = (await answer(method, url, body)) ?? failure(404, "Fant ikke");
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "Content-Type": "application/json" },
    });
  });

  return { messages, calls, control, add, files };
}
