/**
 * What the service worker does with a push (issue 27 item 2): reads the payload, says
 * what the notification shows, and which screen a click on it opens. Pure, so the web
 * tests cover it; kept free of zod and the whole text catalogue, which would make the
 * worker ten times larger, so the payload is checked here by hand against the contract
 * (common/schemas/push.ts: `pushPayload`).
 */
import { pushLimits } from "../../common/base/limits.ts";
import type { ThreadKind } from "../../common/schemas/chat.ts";
import type { PushKind, PushPayload } from "../../common/schemas/push.ts";
import { pushTexts } from "../../common/texts/ui/push.ts";
import { paths } from "../lib/paths.ts";

const t = pushTexts.push;

const threadPaths: Record<ThreadKind, (id: string) => string> = {
  direct: (id) => paths.chat.dm(id),
  channel: (id) => paths.chat.channel(id),
  department: () => paths.chat.department,
  shift: () => paths.chat.shift,
};

/** The screen each kind opens; the chat kinds open their thread. */
const kindPaths: Record<PushKind, (p: PushPayload) => string> = {
  message: (p) => threadPath(p),
  mention: (p) => threadPath(p),
  urgent: (p) => threadPath(p),
  shift: () => paths.shifts.open,
  swap: () => paths.swaps.list,
  broadcast: () => paths.chat.department,
};

const threadPath = (p: PushPayload) =>
  p.threadKind ? threadPaths[p.threadKind](p.id) : paths.chat.department;

const isKind = (value: unknown): value is PushKind =>
  typeof value === "string" && Object.hasOwn(t.titles, value);
const isThreadKind = (value: unknown): value is ThreadKind =>
  typeof value === "string" && Object.hasOwn(threadPaths, value);
const isText = (value: unknown, max: number) => typeof value === "string" && value.length <= max;

/** The payload, or null when it is not one of ours (then nothing is shown). */
export function readPayload(json: unknown): PushPayload | null {
  if (typeof json !== "object" || json === null) return null;
  const { kind, id, threadKind, preview } = json as Record<string, unknown>;
  if (!isKind(kind) || typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  if (threadKind !== undefined && !isThreadKind(threadKind)) return null;
  const payload: PushPayload = { kind, id, ...(threadKind ? { threadKind } : {}) };
  if (preview !== undefined) {
    const { title, body } = (preview ?? {}) as Record<string, unknown>;
    if (!isText(title, pushLimits.previewTitleMax) || !isText(body, pushLimits.previewBodyMax)) return null;
    payload.preview = { title: title as string, body: body as string };
  }
  return payload;
}

export interface Shown {
  title: string;
  options: NotificationOptions & { renotify?: boolean };
}

/**
 * The notification: without a preview only what kind of thing happened ('Ny melding i
 * Vaktrom', 'Trykk for å åpne'), never a name or a text. One per thread (or per shift,
 * swap, broadcast): a new one replaces the last and alerts again. 'Haster' stays until
 * it is acted on.
 */
export function notificationFor(p: PushPayload): Shown {
  const chat = p.kind === "message" || p.kind === "mention" || p.kind === "urgent";
  return {
    title: p.preview?.title || t.titles[p.kind],
    options: {
      body: p.preview?.body || t.openApp,
      tag: chat ? `thread:${p.id}` : `${p.kind}:${p.id}`,
      renotify: true,
      requireInteraction: p.kind === "urgent",
      icon: "/icons/icon-192.png",
      lang: "nb",
      data: { path: kindPaths[p.kind](p) },
    },
  };
}

/** Where a click on a notification goes: its path, or the start page for one of another kind. */
export function pathOf(data: unknown): string {
  const path = (data as { path?: unknown } | null)?.path;
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//")
    ? path
    : paths.chat.department;
}
