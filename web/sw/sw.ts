/**
 * The service worker (issue 27 item 2; docs/decisions.md § Installable app), built by
 * scripts/service-worker-plugin.ts into dist/web/sw.js with this build's file list.
 *
 * - The app's code is kept: index.html and every hashed file of the build are fetched
 *   into one cache per build when the worker installs, so the app opens without a network.
 * - Pages: the network first (a deploy or a signed-out state is seen at once); offline,
 *   the kept index.html, whose files are all kept too.
 * - /assets/: from the cache, else the network (a file name changes with its content).
 * - Nothing else is touched: /api/ (every answer is personal: messages, avatars,
 *   attachments, /api/files), /brand/, the manifest and icons go to the network as if
 *   there were no worker, and no answer of theirs is ever stored.
 * - Update: a new worker waits until the app says 'skipWaiting' (the person pressed 'Last
 *   inn på nytt'), so a tab never runs code of two builds.
 * - Push: a notification, unless a window of the app is in front (it shows its own
 *   toasts); a click opens or focuses the app on the right screen.
 */
import { notificationFor, pathOf, readPayload } from "./notify.ts";
import type { ServiceWorkerScope } from "./scope.ts";

declare const self: ServiceWorkerScope;
/** Set by the build: this build's hashed files and a version naming its cache. */
declare const __SW_PRECACHE__: string[];
declare const __SW_VERSION__: string;

const cachePrefix = "vaktrom-app-";
const cacheName = `${cachePrefix}${__SW_VERSION__}`;
const shell = "/index.html";

self.addEventListener("install", (event) => {
  // `cache: "reload"`: straight from the server, not an older copy from the HTTP cache.
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) =>
        cache.addAll([shell, ...__SW_PRECACHE__].map((url) => new Request(url, { cache: "reload" }))),
      ),
  );
});

self.addEventListener("activate", (event) => {
  // Other builds' caches go; a tab still on an old build asks the network for a missing
  // chunk, and its route error reloads it (web/app/routes.tsx).
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(cachePrefix) && k !== cacheName).map((k) => caches.delete(k)),
        ),
      ),
  );
});

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "skipWaiting") void self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && !url.pathname.startsWith("/api/")) {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(shell, { cacheName })) ?? Response.error()),
    );
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(caches.match(request, { cacheName }).then((kept) => kept ?? fetch(request)));
  }
});

/** Whether the person is looking at the app right now (then it tells them itself). */
async function appInFront(): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return windows.some((w) => w.focused && w.visibilityState === "visible");
}

/** The notifications of the pushes so far, each shown after the one before. */
let shown: Promise<unknown> = Promise.resolve();

self.addEventListener("push", (event) => {
  let json: unknown = null;
  try {
    json = event.data?.json();
  } catch {
    // not JSON: not ours
  }
  const payload = readPayload(json);
  if (!payload) return;
  const { title, options } = notificationFor(payload);
  // Shown in the order the pushes came: one thread's later push ('Haster' after a message)
  // replaces the earlier under the same tag, never the other way round.
  shown = shown
    .then(() => appInFront())
    .then((inFront) => (inFront ? undefined : self.registration.showNotification(title, options)))
    .catch(() => undefined);
  event.waitUntil(shown);
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = pathOf(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => w.focused) ?? windows[0];
      if (!open) return void (await self.clients.openWindow(path));
      // The app moves there with its router: no reload, nothing typed is lost.
      open.postMessage({ type: "navigate", path });
      await open.focus();
    })(),
  );
});
