/**
 * The few types of a service worker's global scope that web/sw/sw.ts uses. The project
 * is type-checked with the DOM library, which cannot be combined with the WebWorker one
 * in one program; these stand in for the parts of it the worker needs.
 */

export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

export interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}

export interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}

export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}

export interface WindowClient {
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  readonly url: string;
  focus(): Promise<WindowClient>;
  postMessage(message: unknown): void;
}

interface Clients {
  matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
}

interface ScopeEvents {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  fetch: FetchEvent;
  message: ExtendableMessageEvent;
  push: PushEvent;
  notificationclick: NotificationEvent;
}

export interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: Clients;
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof ScopeEvents>(type: K, listener: (event: ScopeEvents[K]) => void): void;
}
