/** The features' parts of the frame (`lib/shell.ts`), given to `AppShell` and read where drawn. */
import { createContext, useContext } from "react";
import type { ShellParts } from "../../lib/shell.ts";

export const ShellPartsContext = createContext<ShellParts | null>(null);

export function useShellParts(): ShellParts {
  const parts = useContext(ShellPartsContext);
  if (!parts) throw new Error("useShellParts outside AppShell");
  return parts;
}
