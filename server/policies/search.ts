/**
 * Search (issue 29). A person searches as themselves, in the departments where they have
 * an active record: admins are admins of people, not readers of every chat, so their
 * role widens nothing here. What a search may return is exactly what `thread.read`
 * lets its caller read (chat.ts): the search service narrows its query by
 * `searchScope` and then asks `thread.read` (and `attachment.read`) of every hit
 * before it answers, so a hit the policy would refuse is dropped, never shown.
 */
import type { ThreadKind } from "../../common/schemas/chat.ts";
import { type Actor, allow } from "./policy.ts";

/** The departments a search looks in: where the caller has an active record. */
export const searchDepartments = (actor: Actor): string[] =>
  actor.memberships.filter((m) => m.isActive).map((m) => m.deptId);

allow("search.use", (actor, me) => me.id === actor.userId && searchDepartments(actor).length > 0);

/**
 * `thread.read` as a query can ask it of many threads at once: in the caller's
 * departments, threads of these kinds are read by all their staff; direct threads and
 * private channels only by their members (chat.ts `canRead`). A test holds the two
 * rules equal over every kind, role and membership.
 */
export const searchScope = (actor: Actor) => ({
  deptIds: searchDepartments(actor),
  readByAllStaff: ["department", "shift"] as readonly ThreadKind[],
  publicChannels: true,
  membersOnly: ["direct", "channel"] as readonly ThreadKind[],
});
