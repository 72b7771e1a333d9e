/** How a hit is named and where it leads: its thread's name, its time, its page. */
import { formatDistanceStrict } from "date-fns";
import { nb } from "date-fns/locale";
import { withoutBidiControls } from "../../../common/domain/bidi.ts";
import { formatNorwegianDate } from "../../../common/domain/norwegian-date.ts";
import { osloDate } from "../../../common/domain/oslo-time.ts";
import { currentShiftBlock } from "../../../common/domain/shift-block.ts";
import type { SearchThread } from "../../../common/schemas/search.ts";
import { ui } from "../../../common/texts/index.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { atMessage, paths } from "../../lib/paths.ts";

const t = ui.search;

/** A thread as a result row and the 'I' filter name it: `#Fagutvikling`, `Dagvakt 24.11.2025`, `Ola Nordmann`. */
export function threadName(thread: Pick<SearchThread, "kind" | "name" | "shift">): string {
  const name = withoutBidiControls(thread.name);
  if (thread.kind === "channel") return `#${name}`;
  if (thread.kind === "shift" && thread.shift)
    return t.shiftThread(t.blocks[thread.shift.block], formatNorwegianDate(thread.shift.date));
  return name;
}

const weekMs = 7 * 24 * 60 * 60_000;

/**
 * When a hit was written, as lists say it: 'nå nettopp', 'for 3 timer siden' within a
 * week, the date and time beyond (a relative 'for 5 måneder siden' says too little).
 */
export function hitTime(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  const age = now - at.getTime();
  if (age < 60_000) return ui.chatLists.dm.justNow;
  if (age < weekMs)
    return formatDistanceStrict(at, now, { addSuffix: true, locale: nb, roundingMethod: "floor" });
  return formatDateTime(at);
}

/**
 * The page of a thread: a conversation's and a channel's own, my department's and the
 * shift under way from the sidebar, anything else (an earlier shift, another
 * department) by id.
 */
export function threadPath(thread: SearchThread, myDeptId: string | null, now = new Date()): string {
  switch (thread.kind) {
    case "direct":
      return paths.chat.dm(thread.id);
    case "channel":
      return paths.chat.channel(thread.id);
    case "department":
      return thread.deptId === myDeptId ? paths.chat.department : paths.chat.thread(thread.id);
    case "shift": {
      const block = currentShiftBlock(now);
      const underWay =
        thread.shift?.block === block.kind &&
        thread.shift.date === osloDate(block.start) &&
        thread.deptId === myDeptId;
      return underWay ? paths.chat.shift : paths.chat.thread(thread.id);
    }
  }
}

/** A message's place in its thread: the thread's page, opened at it. */
export const messagePath = (thread: SearchThread, messageId: string, myDeptId: string | null) =>
  atMessage(threadPath(thread, myDeptId), messageId);
