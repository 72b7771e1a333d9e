/**
 * The thread on screen now, for what lives outside its page: the search box offers to
 * look only in it ('I'). The thread view says which thread it shows while it is
 * mounted; anyone may read it. One per tab, as there is one thread view at a time.
 */
import { useEffect, useSyncExternalStore } from "react";
import type { ShiftBlockKind } from "../../common/domain/shift-block.ts";
import type { ThreadKind } from "../../common/schemas/chat.ts";

export interface OpenThread {
  id: string;
  kind: ThreadKind;
  deptId: string;
  /** channel: its name; shift: the block's; direct: the other person; department: the department */
  name: string;
  /** shift threads: the block and the Oslo date it starts on */
  shift: { block: ShiftBlockKind; date: string } | null;
}

let current: OpenThread | null = null;
const listeners = new Set<() => void>();

function set(thread: OpenThread | null) {
  current = thread;
  for (const listener of [...listeners]) listener();
}

/** Says that `thread` is on screen while the calling component is mounted. */
export function useShowThread(thread: OpenThread) {
  const { id, kind, deptId, name } = thread;
  const block = thread.shift?.block;
  const date = thread.shift?.date;
  useEffect(() => {
    const shown: OpenThread = { id, kind, deptId, name, shift: block && date ? { block, date } : null };
    set(shown);
    // A view mounted after this one (the next thread) has already said so: keep its word.
    return () => {
      if (current === shown) set(null);
    };
  }, [id, kind, deptId, name, block, date]);
}

/** The thread on screen now, or null. */
export function useOpenThread(): OpenThread | null {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => current,
  );
}
