/**
 * This browser's side of push: whether it can, asking for permission (only when the
 * person presses the button), subscribing with the server's public key, and which of my
 * devices is this one (remembered in localStorage, to label it 'denne enheten').
 */
import type { PushSubscriptionInput } from "../../../../common/schemas/push.ts";
import { appServiceWorker, serviceWorkerSupported } from "../../../lib/pwa.ts";
import { readStored, removeStored, writeStored } from "../../../lib/storage.ts";

const thisDeviceKey = "vaktrom.push.thisDevice";
/** A worker that never becomes active must not leave the button spinning. */
const readyTimeoutMs = 15_000;

export type PushSupport = "supported" | "unsupported" | "denied";

export class PushRefused extends Error {
  constructor(readonly reason: "denied" | "unsupported") {
    super(`push ${reason}`);
  }
}

export function pushSupport(): PushSupport {
  if (!serviceWorkerSupported() || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  return Notification.permission === "denied" ? "denied" : "supported";
}

/** The VAPID key as the Push API takes it: base64url to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await appServiceWorker())) throw new PushRefused("unsupported");
  let timer = 0;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error("service worker not ready")), readyTimeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    window.clearTimeout(timer);
  }
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
};

/** Asks for permission, then subscribes this browser; what the server is to be sent. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushRefused(permission === "denied" ? "denied" : "unsupported");
  const registration = await activeRegistration();
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // One made with another server key (the key was replaced) cannot be used: a new one.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscription.toJSON() as PushSubscriptionInput;
}

/** Ends this browser's subscription (after 'Fjern' on this device). */
export async function unsubscribeThisDevice(): Promise<void> {
  forgetThisDevice();
  if (!serviceWorkerSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

export const thisDeviceId = (): string | null => readStored<string | null>("local", thisDeviceKey, null);
export const rememberThisDevice = (id: string) => writeStored("local", thisDeviceKey, id);
export const forgetThisDevice = () => removeStored("local", thisDeviceKey);
