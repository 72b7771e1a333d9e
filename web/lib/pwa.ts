/**
 * The app's side of its service worker (web/sw/sw.ts): registered once the first screen
 * has loaded (its files fetched into the worker's cache must not compete with the
 * screen's own), a quiet offer when a new build is waiting, and the screen a clicked
 * notification asks for. Only in a built app: the dev server has no sw.js.
 */
import { ui } from "../../common/texts/index.ts";
import { toast } from "../components/ui/toaster.tsx";

const swUrl = "/sw.js";
/** After the load event: the first screen's lazy code and its first answers go first. */
const registerDelayMs = 1500;
/** A ward PC's tab stays open all shift and never navigates: ask for a new build now and then. */
const updateEveryMs = 60 * 60_000;
const updateOnShowAfterMs = 5 * 60_000;

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

export const serviceWorkerSupported = () => import.meta.env.PROD && "serviceWorker" in navigator;

/** From main.tsx: `navigate` moves the app to a path with its router. */
export function startServiceWorker(navigate: (path: string) => void): void {
  if (!serviceWorkerSupported()) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    if (data?.type === "navigate" && typeof data.path === "string" && data.path.startsWith("/"))
      navigate(data.path);
  });
  const later = () => window.setTimeout(() => void appServiceWorker(), registerDelayMs);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

/** The app's registration, registering it now if that has not happened yet (push needs it at once). */
export function appServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register(swUrl).then(
    (registration) => {
      watchForUpdates(registration);
      return registration;
    },
    (err: unknown) => {
      console.warn("The service worker could not be registered.", err);
      registering = null;
      return null;
    },
  );
  return registering;
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  // Only with a controller is an installed worker a new build; the first install has none.
  const follow = (next: ServiceWorker | null) =>
    next?.addEventListener("statechange", () => {
      if (next.state === "installed" && navigator.serviceWorker.controller) offerUpdate(next);
    });
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  // One found before this page registered may still be installing.
  follow(registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
  let checkedAt = Date.now();
  const check = () => {
    checkedAt = Date.now();
    registration.update().catch(() => {});
  };
  window.setInterval(check, updateEveryMs);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - checkedAt > updateOnShowAfterMs) check();
  });
}

/**
 * 'Ny versjon – last inn på nytt': a toast that stays until pressed or closed. The new
 * build takes over only when the person chooses, so nothing half-typed is lost.
 */
function offerUpdate(waiting: ServiceWorker) {
  toast(ui.pwa.update, {
    id: "pwa-update",
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: ui.pwa.reload,
      onClick: () => {
        navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
          once: true,
        });
        waiting.postMessage({ type: "skipWaiting" });
      },
    },
  });
}
