/**
 * Whether the browser says it is online ('online'/'offline' events, at once). A module of
 * its own: the start of the app (lib/config.tsx) needs it without the realtime client.
 */
import { useSyncExternalStore } from "react";

const subscribeOnline = (notify: () => void) => {
  window.addEventListener("online", notify);
  window.addEventListener("offline", notify);
  return () => {
    window.removeEventListener("online", notify);
    window.removeEventListener("offline", notify);
  };
};

export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);
