/**
 * Small typed wrappers over localStorage and sessionStorage. Storage can be missing or
 * refuse writes (private mode, full quota); the app then simply forgets, never breaks.
 */
import { useCallback, useState } from "react";

type Area = "local" | "session";

const area = (which: Area): Storage | null => {
  try {
    return which === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
};

export const storageKeys = {
  sidebarSections: "vaktrom.sidebar.collapsed",
  rightRailOpen: "vaktrom.rightRail.open",
  /** the rail's own choice on admin screens, which start with it closed */
  rightRailOpenAdmin: "vaktrom.rightRail.open.admin",
  /** per tab: the one automatic demo sign-in has been tried */
  autoSignInTried: "vaktrom.autoSignIn.tried",
  /** whole browser: 'Logg ut' was pressed, so no automatic sign-in until a manual one */
  autoSignInSuppressed: "vaktrom.autoSignIn.suppressed",
} as const;

export function readStored<T>(which: Area, key: string, fallback: T): T {
  try {
    const raw = area(which)?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeStored(which: Area, key: string, value: unknown): void {
  try {
    area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // Remembering is a convenience; losing it is acceptable.
  }
}

export function removeStored(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // see writeStored
  }
}

/** useState that survives reloads in localStorage. */
export function useLocalState<T>(key: string, fallback: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => readStored("local", key, fallback));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeStored("local", key, next);
    },
    [key],
  );
  return [value, set];
}
