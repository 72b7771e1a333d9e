import { describe } from "vitest";
import { me, no, ownOnly, someoneElse, table } from "./matrix.test-support.ts";
import type { AttachmentResource, ThreadKind, ThreadResource } from "./resources.ts";

const third = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const thread =
  (kind: ThreadKind, opts: { isPublic?: boolean; members?: string[] } = {}) =>
  (deptId: string): ThreadResource => ({
    type: "thread",
    id: "t",
    deptId,
    kind,
    isPublic: opts.isPublic ?? false,
    memberIds: opts.members ?? [],
  });
const message =
  (authorId: string, t: (d: string) => ThreadResource, deleted = false) =>
  (deptId: string) => ({
    type: "message" as const,
    id: "m",
    authorId,
    deleted,
    thread: t(deptId),
  });

const departmentThread = thread("department");
const shiftThread = thread("shift");
const myDm = thread("direct", { members: [me, someoneElse] });
const othersDm = thread("direct", { members: [someoneElse, third] });
const publicChannel = thread("channel", { isPublic: true, members: [someoneElse] });
const myPrivateChannel = thread("channel", { members: [me, someoneElse] });
const othersPrivateChannel = thread("channel", { members: [someoneElse] });

/** Active members of the department, whatever their role. */
const activeStaff = { admin: ownOnly, leader: ownOnly, staff: ownOnly, inactive: no, none: no };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };

describe("policies: chat threads", () => {
  table("chat.use", "the department's chat", (id) => ({ type: "department", id }), activeStaff);
  table("chat.privacyChoice", "the department's count", (id) => ({ type: "department", id }), activeStaff);

  table("thread.read", "department thread", departmentThread, activeStaff);
  table("thread.read", "shift thread", shiftThread, activeStaff);
  table("thread.read", "my direct thread", myDm, activeStaff);
  // Admins are not readers of other people's DMs or private channels.
  table("thread.read", "others' direct thread", othersDm, nobody);
  table("thread.read", "public channel, not a member", publicChannel, activeStaff);
  table("thread.read", "private channel I am in", myPrivateChannel, activeStaff);
  table("thread.read", "private channel of others", othersPrivateChannel, nobody);

  table("thread.write", "department thread", departmentThread, activeStaff);
  table("thread.write", "my direct thread", myDm, activeStaff);
  table("thread.write", "others' direct thread", othersDm, nobody);
  table("thread.write", "public channel, not a member", publicChannel, nobody);
  table("thread.write", "private channel I am in", myPrivateChannel, activeStaff);

  table("thread.join", "public channel, not a member", publicChannel, activeStaff);
  table("thread.join", "private channel of others", othersPrivateChannel, nobody);
  table("thread.join", "channel I am in", thread("channel", { isPublic: true, members: [me] }), nobody);
  table("thread.join", "department thread", departmentThread, nobody);

  table("thread.addMembers", "shift thread", shiftThread, activeStaff);
  table("thread.addMembers", "channel I am in", myPrivateChannel, activeStaff);
  table("thread.addMembers", "public channel, not a member", publicChannel, {
    admin: ownOnly,
    leader: ownOnly,
    staff: no,
    inactive: no,
    none: no,
  });
  table("thread.addMembers", "direct thread", myDm, nobody);

  table("channel.create", "leaders and admins", (id) => ({ type: "department", id }), {
    admin: ownOnly,
    leader: ownOnly,
    staff: no,
    inactive: no,
    none: no,
  });
});

describe("policies: chat messages", () => {
  table("message.edit", "my message", message(me, departmentThread), activeStaff);
  table("message.edit", "someone else's message", message(someoneElse, departmentThread), nobody);
  table("message.edit", "my deleted message", message(me, departmentThread, true), nobody);
  table("message.delete", "my message", message(me, myDm), activeStaff);
  table("message.delete", "someone else's message", message(someoneElse, departmentThread), nobody);
  table("message.delete", "my message in a DM I left the department of", message(me, othersDm), nobody);
  table("message.restore", "my deleted message", message(me, departmentThread, true), activeStaff);
  table("message.restore", "my message, not deleted", message(me, departmentThread), nobody);
  table("message.restore", "someone else's deleted message", message(someoneElse, myDm, true), nobody);
  table("message.restore", "my deleted message in others' DM", message(me, othersDm, true), nobody);
  table("message.react", "someone else's message", message(someoneElse, departmentThread), activeStaff);
  table("message.react", "a deleted message", message(someoneElse, departmentThread, true), nobody);
  table("message.react", "a message in others' DM", message(someoneElse, othersDm), nobody);

  const file =
    (t: (d: string) => ThreadResource, uploadedBy: string, message: AttachmentResource["message"]) =>
    (deptId: string): AttachmentResource => ({
      type: "attachment",
      id: "f",
      thread: t(deptId),
      uploadedBy,
      message,
    });
  const sent = (authorId: string) => ({ authorId, deleted: false, undoable: false });
  const deleted = (authorId: string, undoable: boolean) => ({ authorId, deleted: true, undoable });
  table(
    "attachment.read",
    "a file in a thread I read",
    file(departmentThread, someoneElse, sent(someoneElse)),
    activeStaff,
  );
  table("attachment.read", "a file in others' DM", file(othersDm, someoneElse, sent(someoneElse)), nobody);
  table(
    "attachment.read",
    "a file in a private channel of others",
    file(othersPrivateChannel, someoneElse, sent(someoneElse)),
    nobody,
  );
  table("attachment.read", "my file, not sent yet", file(departmentThread, me, null), activeStaff);
  table("attachment.read", "someone's file, not sent yet", file(departmentThread, someoneElse, null), nobody);
  table(
    "attachment.read",
    "my deleted message's file, within undo",
    file(myDm, me, deleted(me, true)),
    activeStaff,
  );
  table(
    "attachment.read",
    "my deleted message's file, after undo",
    file(myDm, me, deleted(me, false)),
    nobody,
  );
  table(
    "attachment.read",
    "someone's deleted message's file, within undo",
    file(departmentThread, someoneElse, deleted(someoneElse, true)),
    nobody,
  );
});
