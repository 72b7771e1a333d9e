/**
 * Whether the app has lost its connection, for a quiet notice: the browser says it is
 * offline (at once), or the realtime connection has been down for `graceMs` (a blip that
 * reconnects within the grace, as after a server restart, says nothing).
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import { appRealtime, type RealtimeClient } from "./realtime.ts";
import { useOnline } from "./use-online.ts";

export function useConnectionLost(graceMs = 3000, client: RealtimeClient = appRealtime()): boolean {
  const online = useOnline();
  const down = useSyncExternalStore(
    (notify) => client.onDownChange(notify),
    () => client.isDown(),
  );
  const [longDown, setLongDown] = useState(false);
  useEffect(() => {
    if (!down) return setLongDown(false);
    const timer = window.setTimeout(() => setLongDown(true), graceMs);
    return () => window.clearTimeout(timer);
  }, [down, graceMs]);
  return !online || longDown;
}
