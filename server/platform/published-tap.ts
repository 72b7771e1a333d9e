/**
 * A tap on what this instance publishes: the bus as before, and each event published
 * through it handed to the tap's listeners as well. Unlike `subscribe`, which hears an
 * event on every instance, a tap hears it once, on the instance that published it: work
 * that must happen once per event (a push to a phone) listens here.
 *
 * A Proxy rather than a class, so whatever else the bus offers (PgEventBus's
 * `listenerPid`, which the cluster tests use) still answers through it.
 */
import type { PublishArgs, RealtimeEventBody } from "../../common/schemas/realtime.ts";
import { type EventBus, eventBody } from "./events.ts";

export type PublishedListener = (topic: string, body: RealtimeEventBody) => void;

export interface PublishTap {
  bus: EventBus;
  listen(listener: PublishedListener): void;
}

export function tapPublished(
  inner: EventBus,
  onListenerError: (err: unknown, topic: string) => void,
): PublishTap {
  const listeners: PublishedListener[] = [];
  const publish = async (topic: string, ...event: PublishArgs): Promise<void> => {
    await inner.publish(topic, ...event);
    if (listeners.length === 0) return;
    const body = eventBody(...event);
    for (const listener of listeners) {
      // A listener's failure is its own: the event has been published.
      try {
        listener(topic, body);
      } catch (err) {
        onListenerError(err, topic);
      }
    }
  };
  const bus = new Proxy(inner, {
    get(target, prop) {
      if (prop === "publish") return publish;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { bus, listen: (listener) => listeners.push(listener) };
}
