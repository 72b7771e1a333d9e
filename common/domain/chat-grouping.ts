/**
 * Message groups (design: "consecutive messages from the same person within a few
 * minutes grouped"): only a group's first message shows the avatar, name and time.
 */
import { osloDayNumber } from "./shift-block.ts";

/**
 * "A few minutes", counted from the group's first message rather than the previous
 * one: the time in the group's header is then never more than 5 minutes off any message
 * under it, however long the person keeps typing.
 */
export const messageGroupMinutes = 5;
const groupMs = messageGroupMinutes * 60_000;

export interface GroupableMessage {
  /** null when the author is unknown ('Ukjent bruker'): such messages are never joined */
  authorId: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}

/** Does a message at `current` begin another Oslo day than the one before it (none: it does)? */
export function startsNewDay(previous: Date | undefined, current: Date): boolean {
  return previous === undefined || osloDayNumber(previous) !== osloDayNumber(current);
}

/**
 * For a list ordered oldest first: does each message begin a group? A message joins the
 * group before it only when it has the same known author, is on the same Oslo day (a
 * date divider always begins a group), is within 5 minutes of the group's first message,
 * and neither it nor the message before it is deleted (the placeholder stands alone).
 */
export function groupStarts(messages: readonly GroupableMessage[]): boolean[] {
  let head: GroupableMessage | undefined;
  return messages.map((message, index) => {
    const previous = messages[index - 1];
    const joins =
      head !== undefined &&
      previous !== undefined &&
      message.authorId !== null &&
      message.authorId === previous.authorId &&
      message.deletedAt === null &&
      previous.deletedAt === null &&
      !startsNewDay(previous.createdAt, message.createdAt) &&
      withinGroupWindow(head.createdAt, message.createdAt);
    if (!joins) head = message;
    return !joins;
  });
}

// A message older than the group's head means the list is out of order; start afresh.
function withinGroupWindow(head: Date, at: Date): boolean {
  const after = at.getTime() - head.getTime();
  return after >= 0 && after <= groupMs;
}
