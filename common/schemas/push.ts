/**
 * Push notifications on a person's devices (issue 27): a device's subscription as the
 * browser's Push API gives it, the person's devices as 'Min profil' lists them, and the
 * payload a push carries. Private by default: a kind and an id, never a message's text
 * or a name; with 'Vis innhold i varsler' on, a short preview too.
 */
import { z } from "zod";
import { pushLimits } from "../base/limits.ts";
import { threadKinds } from "./chat.ts";

const instant = z.iso.datetime({ offset: true });

/** What `PushSubscription.toJSON()` gives, as the client sends it to subscribe this device. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url().max(pushLimits.endpointMaxLength),
  keys: z.object({
    p256dh: z.string().min(1).max(pushLimits.keyMaxLength),
    auth: z.string().min(1).max(pushLimits.keyMaxLength),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** One of my devices: the browser it was subscribed in ('Chrome på Android') and when. */
export const pushDevice = z.object({
  id: z.uuid(),
  browser: z.string(),
  createdAt: instant,
});
export type PushDevice = z.infer<typeof pushDevice>;

/** `GET /api/push`: the server's public key to subscribe with, my devices, my preview choice. */
export const pushState = z.object({
  /** the VAPID public key, base64url: `applicationServerKey` */
  publicKey: z.string(),
  devices: z.array(pushDevice),
  /** 'Vis innhold i varsler' (off by default) */
  showContent: z.boolean(),
});
export type PushState = z.infer<typeof pushState>;

export const pushPreferenceInput = z.object({ showContent: z.boolean() });
export type PushPreferenceInput = z.infer<typeof pushPreferenceInput>;

/**
 * What a push is about. `message`: a direct message; `mention`: by name, '@vakt' or a role
 * held; `urgent`: 'Haster' and its repeats; `shift`: an extra shift's outcome; `swap`: a
 * swap's answer or approval; `broadcast`: 'Kunngjøring' and its kinds.
 */
export const pushKinds = ["message", "mention", "urgent", "shift", "swap", "broadcast"] as const;
export type PushKind = (typeof pushKinds)[number];

/**
 * The payload, encrypted for the device. `id` is the thread for the chat kinds (with its
 * `threadKind`, to open it), else the notification. `preview` only with 'Vis innhold i
 * varsler' on.
 */
export const pushPayload = z.object({
  kind: z.enum(pushKinds),
  id: z.uuid(),
  threadKind: z.enum(threadKinds).optional(),
  preview: z
    .object({
      title: z.string().max(pushLimits.previewTitleMax),
      body: z.string().max(pushLimits.previewBodyMax),
    })
    .optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;
