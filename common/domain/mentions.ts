/**
 * Mentions that follow the roster (issue 26): '@vakt' reaches everyone on the ongoing
 * block, '@' + a role name of the department its holder now, '@' + a person's full name
 * that person. Pure: the server resolves a message against the department's roles, the
 * thread's people and the roster at send time; the composer warns with the same rules.
 *
 * A mention starts with '@' at the start of the text or after a character that is not
 * part of a word (so an e-mail address mentions nobody), and ends at a word's end: '@vakta'
 * is no mention of '@vakt'. Case does not matter; names may hold spaces, and the longest
 * name that fits wins ('@Vakthavende lege' over a role called 'Vakthavende').
 */

export const vaktMention = "vakt";

export interface MentionCandidates {
  /** the department's duty roles */
  roles: readonly { id: string; name: string }[];
  /** the people of the thread */
  people: readonly { userId: string; fullName: string }[];
}

export interface Mentions {
  /** '@vakt' */
  vakt: boolean;
  /** mentioned roles, each once, in the order first mentioned */
  roleIds: string[];
  /** people mentioned by name, each once, in the order first mentioned */
  userIds: string[];
}

const wordChar = /[\p{L}\p{N}_]/u;
const isWordChar = (c: string | undefined) => c !== undefined && wordChar.test(c);
const fold = (s: string) => s.toLocaleLowerCase("nb");

type Candidate =
  | { kind: "vakt"; name: string }
  | { kind: "role"; id: string; name: string }
  | { kind: "person"; id: string; name: string };

function candidatesOf({ roles, people }: MentionCandidates): Candidate[] {
  const all: Candidate[] = [
    { kind: "vakt", name: vaktMention },
    ...roles.map((r): Candidate => ({ kind: "role", id: r.id, name: r.name.trim() })),
    ...people.map((p): Candidate => ({ kind: "person", id: p.userId, name: p.fullName.trim() })),
  ];
  // Longest first: the first that fits is the longest. Roles before people of the same length.
  return all.filter((c) => c.name.length > 0).sort((a, b) => b.name.length - a.name.length);
}

/** The candidate an '@' at `at` names, if any. */
function mentionAt(text: string, at: number, candidates: readonly Candidate[]): Candidate | undefined {
  const rest = text.slice(at + 1);
  return candidates.find((c) => {
    const piece = rest.slice(0, c.name.length);
    return piece.length === c.name.length && fold(piece) === fold(c.name) && !isWordChar(rest[c.name.length]);
  });
}

export function findMentions(text: string, candidates: MentionCandidates): Mentions {
  const sorted = candidatesOf(candidates);
  const found: Mentions = { vakt: false, roleIds: [], userIds: [] };
  for (let i = text.indexOf("@"); i !== -1; i = text.indexOf("@", i + 1)) {
    if (isWordChar(text[i - 1])) continue;
    const c = mentionAt(text, i, sorted);
    if (!c) continue;
    if (c.kind === "vakt") found.vakt = true;
    else if (c.kind === "role" && !found.roleIds.includes(c.id)) found.roleIds.push(c.id);
    else if (c.kind === "person" && !found.userIds.includes(c.id)) found.userIds.push(c.id);
    i += c.name.length;
  }
  return found;
}

export const hasMentions = (m: Mentions) => m.vakt || m.roleIds.length > 0 || m.userIds.length > 0;

/** The roster as the rules need it (server/platform/roster.ts `dutyNow`). */
export interface DutyView {
  holders: readonly { roleId: string; roleName: string; userId: string }[];
  onShift: readonly string[];
}

export const reachVias = ["role", "name", "vakt", "dm", "block"] as const;
export type ReachVia = (typeof reachVias)[number];

export interface Reach {
  userId: string;
  via: ReachVia;
  /** via a role: its name */
  roleName?: string;
}

/** Everyone '@vakt' reaches: people on shift now and the block's role holders, each once. */
export function onBlockOf(duty: DutyView): string[] {
  return [...new Set([...duty.onShift, ...duty.holders.map((h) => h.userId)])];
}

/**
 * Whom a message reaches, and why, each person once and never its sender: in a direct
 * thread the other person; elsewhere those it mentions (a role's holder as that role, a
 * name, '@vakt' everyone on the block), and an urgent message that mentions nobody everyone
 * on the block. A person reached several ways counts by the most telling: a role they
 * hold, then their name, then '@vakt'.
 */
export function reachOf(
  mentions: Mentions,
  duty: DutyView,
  opts: { senderId: string; urgent?: boolean; directWith?: string | null },
): Reach[] {
  const reach = new Map<string, Reach>();
  const add = (r: Reach) => {
    if (r.userId !== opts.senderId && !reach.has(r.userId)) reach.set(r.userId, r);
  };
  if (opts.directWith) {
    add({ userId: opts.directWith, via: "dm" });
    return [...reach.values()];
  }
  for (const roleId of mentions.roleIds)
    for (const h of duty.holders)
      if (h.roleId === roleId) add({ userId: h.userId, via: "role", roleName: h.roleName });
  for (const userId of mentions.userIds) add({ userId, via: "name" });
  if (mentions.vakt) for (const userId of onBlockOf(duty)) add({ userId, via: "vakt" });
  if (opts.urgent && !hasMentions(mentions))
    for (const userId of onBlockOf(duty)) add({ userId, via: "block" });
  return [...reach.values()];
}

/** The mentioned roles nobody holds now ('Ingen har rollen nå'), by name. */
export function unheldRoles(
  mentions: Mentions,
  roles: MentionCandidates["roles"],
  duty: Pick<DutyView, "holders">,
): string[] {
  return mentions.roleIds
    .filter((id) => !duty.holders.some((h) => h.roleId === id))
    .flatMap((id) => roles.filter((r) => r.id === id).map((r) => r.name));
}

/**
 * The mention being typed just before the caret: the text after its '@' (which may hold
 * spaces: role names do), or null when the caret is in no mention. The composer offers
 * the names that start with it.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at === -1 || isWordChar(before[at - 1])) return null;
  const query = before.slice(at + 1);
  // A mention is one line, and no name is longer than a few words.
  if (query.includes("\n") || query.length > 60 || query.split(" ").length > 5) return null;
  return { start: at, query };
}
