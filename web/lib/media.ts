import { useSyncExternalStore } from "react";
import { limits } from "../../common/base/limits.ts";

/** Whether a CSS media query matches, kept in step with the window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Desktop layout from 768 px (spec §9); below it the mobile layout. */
export const useIsDesktop = () => useMediaQuery(`(min-width: ${limits.mobileBreakpointPx}px)`);
