/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `chat.ts`. In each
 * department the resources are its owner's (Kari in A, Per in B): her messages and file
 * in the department thread, her DM with Lise, the private channel the leader made with
 * her in it; the public channel is the leader's. Columns: anonymous, Kari, Ola, leader,
 * admin (A), Per, leader B; a cell is `A|B` when the two departments differ.
 */
import type { Case, RouteTable, Row } from "../test/access-matrix.ts";
import { signedIn } from "../test/access-matrix.ts";

/** The department's active staff, whatever their role; another department's thread is hidden. */
const staffOfIt: Row = ["401", "ok|404", "ok|404", "ok|404", "ok|404", "404|ok", "404|ok"];
/** The DM's two people (Kari and Lise, Per and his colleague) alone: admins are not readers of DMs. */
const dmPeople: Row = ["401", "ok|404", "404", "404", "404", "404|ok", "404"];
/** The private channel's members: the leader who made it and the owner. */
const members: Row = ["401", "ok|404", "404", "ok|404", "404", "404|ok", "404|ok"];
/** The author alone; colleagues who see the message are refused, others do not see it. */
const authorOnly: Row = ["401", "ok|404", "403|404", "403|404", "403|404", "404|ok", "404|403"];

/** The author of a message in a DM (or of a file not sent yet): the only one who sees it and may change it. */
const dmAuthor: Row = ["401", "ok|404", "404", "404", "404", "404|ok", "404"];

/** A route on a message: the owner's in the department thread, and in her DM. */
const perMessage = (department: Row, direct: Row): Case[] => [
  { label: "department thread", row: department },
  { label: "direct", use: { messageId: "directMessage" }, row: direct },
];

const threads = {
  department: "departmentThread",
  direct: "direct",
  privateChannel: "privateChannel",
  publicChannel: "publicChannel",
} as const;

/** A route on a thread, for each kind of thread. */
const perThread = (rows: Partial<Record<keyof typeof threads, Row>>): Case[] =>
  (Object.entries(rows) as [keyof typeof threads, Row][]).map(([kind, row]) => ({
    label: kind,
    row,
    use: { threadId: threads[kind] },
  }));

export const chatRoutes: RouteTable = {
  "POST /api/chat/department": signedIn,
  "POST /api/chat/shift": signedIn,
  // A colleague of the caller's department; another's person answers 422 like nobody at all.
  "POST /api/chat/direct": signedIn,
  "GET /api/chat/direct": signedIn,
  "GET /api/chat/channels": signedIn,
  "GET /api/chat/unread": signedIn,
  // Counted for the caller's current department, which they are active staff of.
  "POST /api/chat/privacy-choices": signedIn,
  "POST /api/chat/channels": ["401", "403", "403", "ok", "ok", "403", "ok"],
  "POST /api/chat/channels/:threadId/join": [
    // The leader made it and is in it already.
    { label: "public channel", row: ["401", "ok|404", "ok|404", "404", "ok|404", "404|ok", "404"] },
    {
      label: "private channel",
      use: { threadId: "privateChannel" },
      row: ["401", "404", "404", "404", "404", "404", "404"],
    },
  ],
  "POST /api/chat/threads/:threadId/members": [
    { label: "private channel", row: members },
    {
      label: "direct",
      use: { threadId: "direct" },
      row: ["401", "403|404", "404", "404", "404", "404|403", "404"],
    },
    { label: "shift thread", use: { threadId: "shiftThread" }, row: staffOfIt },
  ],
  "GET /api/chat/threads/:threadId": perThread({
    department: staffOfIt,
    direct: dmPeople,
    privateChannel: members,
    publicChannel: staffOfIt,
  }),
  "POST /api/chat/threads/:threadId/read": perThread({
    department: staffOfIt,
    direct: dmPeople,
    privateChannel: members,
  }),
  "GET /api/chat/threads/:threadId/messages": perThread({
    department: staffOfIt,
    direct: dmPeople,
    privateChannel: members,
    publicChannel: staffOfIt,
  }),
  "POST /api/chat/threads/:threadId/messages": perThread({
    department: staffOfIt,
    direct: dmPeople,
    privateChannel: members,
    // Read by all, written by its members (the leader who made it): the others join first.
    publicChannel: ["401", "404", "404", "ok|404", "404", "404", "404|ok"],
  }),
  "POST /api/chat/threads/:threadId/attachments": perThread({
    department: staffOfIt,
    direct: dmPeople,
    privateChannel: members,
  }),
  "GET /api/chat/messages/:messageId": perMessage(staffOfIt, dmPeople),
  "PATCH /api/chat/messages/:messageId": perMessage(authorOnly, dmAuthor),
  "DELETE /api/chat/messages/:messageId": perMessage(authorOnly, dmAuthor),
  "POST /api/chat/messages/:messageId/restore": authorOnly,
  "POST /api/chat/messages/:messageId/reactions": perMessage(staffOfIt, dmPeople),
  // Everyone searches what they may read; what each finds is search.test.ts's matrix.
  "GET /api/search": { row: signedIn, query: () => ({ q: "melding" }) },
  "GET /api/chat/files/:attachmentId": [
    { label: "sent", row: staffOfIt },
    // Until it is sent, a file is its uploader's alone.
    { label: "not sent yet", use: { attachmentId: "pendingAttachment" }, row: dmAuthor },
  ],
};
