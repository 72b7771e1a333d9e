/**
 * Chat (decisions.md § Chat, § Users). Department and shift threads belong to the
 * department's active staff. A direct thread belongs to its two people and a private
 * channel to its members: admins are not readers of either. What one may not read is
 * hidden (404), never "forbidden".
 */

import { type Actor, activeIn, allow, leadsOrAdmins } from "./policy.ts";
import type { AttachmentResource, ThreadResource } from "./resources.ts";

const isMember = (actor: Actor, thread: ThreadResource) => thread.memberIds.includes(actor.userId);

function canRead(actor: Actor, thread: ThreadResource): boolean {
  if (!activeIn(actor, thread.deptId)) return false;
  switch (thread.kind) {
    case "department":
    case "shift":
      return true;
    case "direct":
      return isMember(actor, thread);
    case "channel":
      return thread.isPublic || isMember(actor, thread);
  }
}

// The department's chat as a whole (its threads, my DMs and channels there, the unread
// counts): its active staff. Admins are admins of people, not readers of every chat.
allow("chat.use", (actor, dept) => activeIn(actor, dept.id));

// The privacy dialog's answer is counted for the department one writes in: its active
// staff, the only people whose composer there can ask.
allow("chat.privacyChoice", (actor, dept) => activeIn(actor, dept.id));

allow("thread.read", canRead, { refusal: "hide" });

// Writing: direct threads and channels take their members; department and shift
// threads everyone who reads them.
allow(
  "thread.write",
  (actor, thread) =>
    canRead(actor, thread) &&
    (thread.kind === "department" || thread.kind === "shift" || isMember(actor, thread)),
  { refusal: "hide" },
);

// 'Bli med': a public channel of one's department, not yet a member.
allow(
  "thread.join",
  (actor, thread) =>
    thread.kind === "channel" &&
    thread.isPublic &&
    activeIn(actor, thread.deptId) &&
    !isMember(actor, thread),
  { refusal: "hide" },
);

// 'Add members': to a shift thread, anyone who works there; to a channel, its members
// and the department's leaders. Direct threads stay two.
allow("thread.addMembers", (actor, thread) => {
  if (!canRead(actor, thread)) return false;
  if (thread.kind === "shift") return true;
  if (thread.kind === "channel") return isMember(actor, thread) || leadsOrAdmins(actor, thread.deptId);
  return false;
});

// Channels are created by leaders and admins (spec §2).
allow("channel.create", (actor, dept) => activeIn(actor, dept.id) && leadsOrAdmins(actor, dept.id));

// Only the author edits and deletes (spec §6); a deleted message takes nothing more.
allow("message.edit", (actor, m) => !m.deleted && m.authorId === actor.userId && canRead(actor, m.thread));
allow("message.delete", (actor, m) => !m.deleted && m.authorId === actor.userId && canRead(actor, m.thread));
allow("message.react", (actor, m) => !m.deleted && canRead(actor, m.thread));
// Undoing a deletion: the author, of a deleted message (the 5-minute window is the
// service's, since policies know no clock).
allow("message.restore", (actor, m) => m.deleted && m.authorId === actor.userId && canRead(actor, m.thread));

// A file: whoever reads its thread, once its message is sent; before that, its uploader
// only. A deleted message's files, like its text, are its author's during the undo
// window and nobody's after (decisions.md § Chat).
function canReadAttachment(actor: Actor, file: AttachmentResource): boolean {
  if (!canRead(actor, file.thread)) return false;
  const { message } = file;
  if (!message) return file.uploadedBy === actor.userId;
  return !message.deleted || (message.undoable && message.authorId === actor.userId);
}
allow("attachment.read", canReadAttachment, { refusal: "hide" });
