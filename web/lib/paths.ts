/**
 * Every page's path (spec §2 Route table), for links, redirects and the route table
 * itself: a page moves by changing one line here.
 */

/** A path with one parameter: call it for a link; `pattern` is what the route table matches. */
function withParam(pattern: `${string}/:${string}`) {
  const link = (value: string) => pattern.replace(/:[^/]+$/, encodeURIComponent(value));
  return Object.assign(link, { pattern });
}

/** The e-mail link pages live under here (see isTokenPage). */
const tokenPages = "/auth/";

export const paths = {
  home: "/",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  auth: {
    magic: `${tokenPages}magic`,
    confirm: `${tokenPages}confirm`,
    reset: `${tokenPages}reset`,
  },
  dev: { mailbox: "/dev/mailbox" },
  chat: {
    root: "/chat",
    department: "/chat/department",
    shift: "/chat/shift",
    dms: "/chat/dm",
    dm: withParam("/chat/dm/:threadId"),
    channels: "/chat/channels",
    channel: withParam("/chat/channel/:channelId"),
    /** any thread I may read, by id: an earlier shift's, another department's (search results) */
    thread: withParam("/chat/thread/:threadId"),
  },
  shifts: { open: "/shifts/open", assigned: "/shifts/assigned", admin: "/shifts/admin" },
  swaps: { list: "/shifts/swaps", admin: "/shifts/swaps/admin" },
  admin: { users: "/admin/users", duty: "/admin/duty", urgent: "/admin/urgent" },
  profile: "/profile",
} as const;

/** The search parameter naming the message a thread's page opens at, highlighted ('Gå til meldingen'). */
export const messageParam = "melding";

/** A thread's page opened at one of its messages: `/chat/channel/…?melding=…`. */
export const atMessage = (threadPath: string, messageId: string) =>
  `${threadPath}?${new URLSearchParams({ [messageParam]: messageId })}`;

/** The search parameter of the direct-message list that opens (or starts) the conversation with a person. */
export const directWithParam = "med";

/** My conversation with this colleague, started if there is none yet. */
export const directWith = (userId: string) =>
  `${paths.chat.dms}?${new URLSearchParams({ [directWithParam]: userId })}`;

/** The pages that complete a sign-in from an e-mail link (magic link, confirmation, reset). */
export const isTokenPage = (path: string) => path.startsWith(tokenPages);

/** Old and alias paths and where they lead (spec §2 Redirects, decisions.md: /swaps aliases). */
export const redirects: readonly (readonly [from: string, to: string])[] = [
  ["/ekstravakter", paths.shifts.open],
  ["/mine-tildelte", paths.shifts.assigned],
  ["/admin/ekstravakter", paths.shifts.admin],
  ["/admin/vaktbytter", paths.swaps.admin],
  ["/arbeidsfeed", paths.chat.department],
  ["/chat/dept", paths.chat.department],
  ["/department", paths.chat.department],
  [paths.chat.root, paths.chat.department],
  ["/me/profile", paths.profile],
  ["/me", paths.profile],
  ["/shifts", paths.shifts.open],
  ["/admin", paths.admin.users],
  ["/swaps", paths.swaps.list],
  ["/swaps/admin", paths.swaps.admin],
];
