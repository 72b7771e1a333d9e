import { describe } from "vitest";
import { me, no, ownOnly, someoneElse, table } from "./matrix.test-support.ts";
import type { ReachedMessageResource, ThreadKind } from "./resources.ts";

const third = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const message =
  (opts: {
    kind?: ThreadKind;
    author?: string;
    recipients?: string[];
    urgent?: boolean;
    members?: string[];
  }) =>
  (deptId: string): ReachedMessageResource => ({
    type: "reachedMessage",
    id: "m",
    deptId,
    authorId: opts.author ?? someoneElse,
    deleted: false,
    urgent: opts.urgent ?? true,
    recipientIds: opts.recipients ?? [],
    thread: {
      type: "thread",
      id: "t",
      deptId,
      kind: opts.kind ?? "department",
      isPublic: false,
      memberIds: opts.members ?? [],
    },
  });

const activeStaff = { admin: ownOnly, leader: ownOnly, staff: ownOnly, inactive: no, none: no };
const leaders = { admin: ownOnly, leader: ownOnly, staff: no, inactive: no, none: no };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };

describe("policies: urgent messages", () => {
  table("message.acknowledge", "urgent, I am reached", message({ recipients: [me] }), activeStaff);
  table("message.acknowledge", "urgent, I am not reached", message({ recipients: [third] }), nobody);
  table(
    "message.acknowledge",
    "not urgent, I am mentioned",
    message({ recipients: [me], urgent: false }),
    nobody,
  );
  table(
    "message.acknowledge",
    "urgent DM to me",
    message({ kind: "direct", recipients: [me], members: [me, someoneElse] }),
    activeStaff,
  );

  table("message.viewReach", "my own message", message({ author: me }), activeStaff);
  table("message.viewReach", "another's, in the department thread", message({}), leaders);
  table("message.viewReach", "another's, reaching me", message({ recipients: [me] }), leaders);
  // Admins and leaders are not readers of others' DMs: nor of whom they reached.
  table(
    "message.viewReach",
    "others' DM",
    message({ kind: "direct", members: [someoneElse, third], recipients: [third] }),
    nobody,
  );

  table("urgent.overview", "the department's", (id) => ({ type: "department", id }), leaders);
});
