/**
 * A world for suites that call every API route (the access matrix, the fuzzing): the
 * two departments of `world.ts`, and in each one resource of every kind a route takes as
 * a path parameter, owned by one staff member of that department (Kari in A, Per in B).
 * `requestFor` turns any registered route into a request that passes validation, so what
 * answers it is the route's authorization and what lies behind it.
 *
 * Parameters are resolved by name: a route with a parameter not known here, or a body
 * route with no body here, makes `requestFor` throw naming it, so a new route cannot be
 * left out of these suites by accident.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { nextBlock, ongoingBlock } from "../../common/domain/duty.ts";
import { osloDate } from "../../common/domain/oslo-time.ts";
import {
  broadcasts,
  chatMessageAttachments,
  notifications,
  profiles,
  shiftAssignments,
  user,
} from "../db/schema.ts";
import type { RegisteredRoute } from "../platform/pipeline.ts";
import { signFileUrl } from "../platform/signed-urls.ts";
import { addInterest, assignShiftTo, makeShift, makeStaff, signedInClient } from "./factories.ts";
import { multipartFile, png } from "./file-fixtures.ts";
import type { Client, TestApp } from "./harness.ts";
import { type Person, twoDepartments, type World } from "./world.ts";

export type DeptKey = "a" | "b";

/** What a path parameter can name: one of each kind, per department. */
export interface DeptResources {
  dept: string;
  /** the staff member who owns the resources below (author, uploader, offerer, recipient) */
  owner: string;
  /** another staff member of the department: the owner's DM partner, not the deal's proposer */
  partner: string;
  /** the staff member who proposed the deal on the owner's offer */
  proposer: string;
  departmentThread: string;
  shiftThread: string;
  publicChannel: string;
  /** made by the department's leader, with the owner as its one other member */
  privateChannel: string;
  /** between the owner and the partner */
  direct: string;
  /** the owner's, in the department thread */
  message: string;
  /** the owner's, deleted a moment ago (undo still possible) */
  deletedMessage: string;
  /** the owner's file, sent with a message in the department thread */
  attachment: string;
  /** the owner's file uploaded to the department thread, not sent yet */
  pendingAttachment: string;
  /** the owner's, in the DM */
  directMessage: string;
  /** urgent, from the partner to the owner in their DM: the owner is its one recipient */
  urgentDirect: string;
  /** the owner's urgent message in the department thread, mentioning the partner by name */
  urgentMessage: string;
  draftShift: string;
  /** open, with the owner's interest */
  openShift: string;
  /** assigned to the owner by the leader, from the owner's interest */
  assignedShift: string;
  closedShift: string;
  /** the owner's open offer of a roster shift they hold, to the department */
  offer: string;
  /** the proposer's deal on `offer`, waiting for the owner's answer */
  deal: string;
  /** a deal the owner accepted, waiting for a leader's approval */
  approvalDeal: string;
  /** the owner's unread notification */
  notification: string;
  /** a duty role nobody holds now */
  dutyRole: string;
  /** a duty role the owner holds in the block under way (so the owner is on the block) */
  heldDutyRole: string;
  /** a broadcast sent from the department by A's admin, which reached the owner */
  broadcast: string;
  /** the owner's device with push on (its endpoint on this computer refuses connections) */
  pushDevice: string;
  /** a competence the leader made, which the owner holds */
  competence: string;
}
export type ResourceName = keyof DeptResources;

export interface ApiWorld extends World {
  /** their e-mail addresses */
  emails: Record<Person, string>;
  /** the e-mail address of each of them, by user id */
  emailOf: Record<string, string>;
  /** Per's colleague in B (world.ts gives B only its leader and Per) */
  perPartner: { id: string; as: Client };
  dept: Record<DeptKey, DeptResources>;
  /** for the file route's signed link: each file's storage key, by attachment id */
  fileKeys: Record<string, string>;
  /** a message in each thread, by thread id */
  messageIn: Record<string, string>;
}

const at = (c: Client, method: "POST" | "DELETE", url: string, body?: unknown) =>
  c.request(method, url, body);

async function ok<T = { id: string }>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`api world: ${r.statusCode} ${r.body}`);
  return r.json() as T;
}

/** One small picture for every upload (made once: encoding it is the slow part). */
let picture: Promise<Buffer> | undefined;
const aPicture = () => {
  picture ??= png();
  return picture;
};

/** A browser's multipart upload of a picture, with its origin. */
async function uploadTo(t: TestApp, as: Client, url: string, method: "POST" | "PUT" = "POST") {
  const file = multipartFile("vaktliste.png", await aPicture(), "image/png");
  return t.app.inject({
    method,
    url,
    payload: file.payload,
    headers: { ...file.headers, cookie: as.cookieHeader(), origin: new URL(t.ctx.config.publicUrl).origin },
  });
}

/** The resources of one department, made through the API as its people would. */
async function furnish(
  t: TestApp,
  dept: string,
  people: { owner: [string, Client]; partner: [string, Client]; proposer: [string, Client]; leader: Client },
): Promise<{
  resources: DeptResources;
  fileKeys: Record<string, string>;
  messageIn: Record<string, string>;
}> {
  const [owner, asOwner] = people.owner;
  const [partner, asPartner] = people.partner;
  const [proposer, asProposer] = people.proposer;
  const departmentThread = (await ok(at(asOwner, "POST", "/api/chat/department"))).id;
  const shiftThread = (await ok(at(asOwner, "POST", "/api/chat/shift"))).id;
  const publicChannel = (
    await ok(at(people.leader, "POST", "/api/chat/channels", { name: `Åpen ${randomUUID().slice(0, 6)}` }))
  ).id;
  const privateChannel = (
    await ok(
      at(people.leader, "POST", "/api/chat/channels", {
        name: `Lukket ${randomUUID().slice(0, 6)}`,
        isPublic: false,
      }),
    )
  ).id;
  await ok(at(people.leader, "POST", `/api/chat/threads/${privateChannel}/members`, { userIds: [owner] }));
  const direct = (await ok(at(asOwner, "POST", "/api/chat/direct", { userId: partner }))).id;
  const post = (body: object) =>
    ok(at(asOwner, "POST", `/api/chat/threads/${departmentThread}/messages`, body)).then((m) => m.id);
  const message = await post({ content: "Hvem tar kveldsvakten?" });
  // A message in every other thread too, for the routes that name a thread and a message in it.
  const messageIn: Record<string, string> = { [departmentThread]: message };
  for (const [thread, by] of [
    [shiftThread, asOwner],
    [direct, asOwner],
    [privateChannel, asOwner],
    [publicChannel, people.leader],
  ] as const)
    messageIn[thread] = (
      await ok(at(by, "POST", `/api/chat/threads/${thread}/messages`, { content: "Hei" }))
    ).id;
  const urgentDirect = (
    await ok(
      at(asPartner, "POST", `/api/chat/threads/${direct}/messages`, { content: "Ring meg", urgent: true }),
    )
  ).id;
  const [partnerProfile] = await t.ctx.db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.userId, partner));
  const urgentMessage = await post({ content: `@${partnerProfile!.fullName} kom til stue 3`, urgent: true });
  const deletedMessage = await post({ content: "Feil tråd" });
  await ok(at(asOwner, "DELETE", `/api/chat/messages/${deletedMessage}`));
  const fileId = async () =>
    (await ok(uploadTo(t, asOwner, `/api/chat/threads/${departmentThread}/attachments`))).id;
  const attachment = await fileId();
  await post({ content: "Ny vaktliste", attachmentIds: [attachment] });
  const pendingAttachment = await fileId();
  const stored = await t.ctx.db
    .select({ id: chatMessageAttachments.id, key: chatMessageAttachments.storageKey })
    .from(chatMessageAttachments)
    .where(inArray(chatMessageAttachments.id, [attachment, pendingAttachment]));
  await ok(uploadTo(t, asOwner, `/api/users/${owner}/avatar`, "PUT"));

  // Days apart, so that no shift of the owner's overlaps another (an overlap would keep
  // them from being assigned).
  const shift = (status: "draft" | "open" | "closed", days: number) =>
    makeShift(t, { dept, status, startsAt: new Date(Date.now() + days * 86_400_000) });
  const draftShift = (await shift("draft", 6)).id;
  const openShift = (await shift("open", 4)).id;
  await addInterest(t, openShift, [owner]);
  const assignedShift = (await shift("open", 2)).id;
  await addInterest(t, assignedShift, [owner]);
  await ok(at(people.leader, "POST", `/api/shifts/${assignedShift}/assign`));
  const closedShift = (await shift("closed", 8)).id;

  /** An open offer of a roster shift the owner holds `days` from now, with the proposer's deal on it. */
  const offerWithDeal = async (days: number) => {
    const held = await makeShift(t, {
      dept,
      kind: "roster",
      status: "assigned",
      startsAt: new Date(Date.now() + days * 86_400_000),
    });
    await assignShiftTo(t, held.id, owner);
    const [assignment] = await t.ctx.db
      .select({ id: shiftAssignments.id })
      .from(shiftAssignments)
      .where(eq(shiftAssignments.shiftId, held.id));
    const offer = (
      await ok(
        at(asOwner, "POST", "/api/swaps/offers", {
          assignmentId: assignment!.id,
          visibility: "dept",
          requireSwap: false,
          deptId: dept,
        }),
      )
    ).id;
    const deal = (await ok(at(asProposer, "POST", `/api/swaps/offers/${offer}/deals`, {}))).id;
    return { offer, deal };
  };
  const { offer, deal } = await offerWithDeal(3);
  const approval = await offerWithDeal(10);
  await ok(at(asOwner, "POST", `/api/swaps/deals/${approval.deal}/accept`, {}));

  const [note] = await t.ctx.db
    .insert(notifications)
    .values({
      recipientUserId: owner,
      type: "shift_published",
      payload: { shiftId: openShift, title: "Dagvakt", startsAt: new Date().toISOString() },
    })
    .returning();

  // Duty roles, made by the leader as 'Vaktroller' would: the owner holds one now.
  const dutyPath = `/api/departments/${dept}/duty/roles`;
  const dutyRole = (await ok(at(people.leader, "POST", dutyPath, { name: `Koordinator ${fresh()}` }))).id;
  const heldDutyRole = (await ok(at(people.leader, "POST", dutyPath, { name: `Ansvarshavende ${fresh()}` })))
    .id;
  await ok(
    people.leader.request("PUT", `${dutyPath}/${heldDutyRole}/holder`, {
      blockStart: ongoingBlock(new Date()).start.toISOString(),
      userId: owner,
    }),
  );

  // Port 9 (discard) refuses at once: a push to it fails fast and is retried in the background.
  const pushDevice = (
    await ok(
      at(asOwner, "POST", "/api/push/subscriptions", {
        endpoint: `http://127.0.0.1:9/push/${fresh()}`,
        keys: pushKeys,
      }),
    )
  ).id;

  // A competence, made by the leader as 'Kompetanse' would, held by the owner.
  const competence = (
    await ok(
      at(people.leader, "POST", `/api/departments/${dept}/competences`, { name: `Kompetanse ${fresh()}` }),
    )
  ).id;
  await ok(
    people.leader.request("PUT", `/api/departments/${dept}/staff/${owner}/work`, {
      positionPercent: 80,
      fullTimeHours: 35.5,
      competenceIds: [competence],
    }),
  );

  return {
    messageIn,
    fileKeys: Object.fromEntries(stored.map((f) => [f.id, f.key])),
    resources: {
      dept,
      owner,
      partner,
      proposer,
      departmentThread,
      shiftThread,
      publicChannel,
      privateChannel,
      direct,
      message,
      deletedMessage,
      attachment,
      pendingAttachment,
      directMessage: messageIn[direct]!,
      urgentDirect,
      urgentMessage,
      draftShift,
      openShift,
      assignedShift,
      closedShift,
      offer,
      deal,
      approvalDeal: approval.deal,
      notification: note!.id,
      dutyRole,
      heldDutyRole,
      // sent from the department after both are furnished (buildApiWorld)
      broadcast: "",
      pushDevice,
      competence,
    },
  };
}

/**
 * Departments A and B with their people (see `world.ts`), Per's colleague in B, and one
 * resource of every kind in each department. In A Kari owns them (Lise is her DM
 * partner, Ola proposed the deal); in B Per does (his colleague is both).
 */
export async function buildApiWorld(t: TestApp): Promise<ApiWorld> {
  const w = await twoDepartments(t);
  const made = await makeStaff(t, { role: "staff", dept: w.b, active: true });
  const perPartner = { id: made.userId, as: await signedInClient(t, made.userId) };
  const a = await furnish(t, w.a, {
    owner: [w.ids.kari, w.as.kari],
    partner: [w.ids.lise, w.as.lise],
    proposer: [w.ids.ola, w.as.ola],
    leader: w.as.leader,
  });
  const b = await furnish(t, w.b, {
    owner: [w.ids.per, w.as.per],
    partner: [perPartner.id, perPartner.as],
    proposer: [perPartner.id, perPartner.as],
    leader: w.as.leaderB,
  });
  // A broadcast from each department, as 'Send varsel til alle' records one.
  for (const [r, dept] of [
    [a.resources, w.a],
    [b.resources, w.b],
  ] as const) {
    const [sent] = await t.ctx.db
      .insert(broadcasts)
      .values({ senderId: w.ids.admin, deptId: dept, type: "info", title: "Husk personalmøtet" })
      .returning({ id: broadcasts.id });
    await t.ctx.db.insert(notifications).values({
      recipientUserId: r.owner,
      type: "info",
      payload: { title: "Husk personalmøtet", sentFrom: "admin_panel" },
      broadcastId: sent!.id,
    });
    r.broadcast = sent!.id;
  }
  const rows = await t.ctx.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, Object.values(w.ids)));
  const emails = Object.fromEntries(
    (Object.keys(w.ids) as Person[]).map((p) => [p, rows.find((r) => r.id === w.ids[p])!.email]),
  ) as Record<Person, string>;
  return {
    ...w,
    emails,
    emailOf: Object.fromEntries(rows.map((r) => [r.id, r.email])),
    perPartner,
    dept: { a: a.resources, b: b.resources },
    fileKeys: { ...a.fileKeys, ...b.fileKeys },
    messageIn: { ...a.messageIn, ...b.messageIn },
  };
}

// ── requests ───────────────────────────────────────────────────────────────────

/** What each path parameter names unless the route says otherwise. */
const paramDefaults: Record<string, ResourceName> = {
  deptId: "dept",
  threadId: "departmentThread",
  messageId: "message",
  attachmentId: "attachment",
  shiftId: "openShift",
  offerId: "offer",
  dealId: "deal",
  userId: "owner",
  id: "notification",
  roleId: "dutyRole",
  broadcastId: "broadcast",
  deviceId: "pushDevice",
  competenceId: "competence",
};

/** Routes whose parameter names a resource in another state than the default. */
const routeParams: Record<string, Record<string, ResourceName>> = {
  "POST /api/chat/messages/:messageId/restore": { messageId: "deletedMessage" },
  "POST /api/chat/messages/:messageId/acknowledge": { messageId: "urgentDirect" },
  "POST /api/chat/channels/:threadId/join": { threadId: "publicChannel" },
  "POST /api/chat/threads/:threadId/members": { threadId: "privateChannel" },
  "PATCH /api/shifts/:shiftId": { shiftId: "draftShift" },
  "DELETE /api/shifts/:shiftId": { shiftId: "draftShift" },
  "POST /api/shifts/:shiftId/publish": { shiftId: "draftShift" },
  "GET /api/shifts/:shiftId/outcome": { shiftId: "assignedShift" },
  "GET /api/shifts/:shiftId/audit": { shiftId: "assignedShift" },
  "POST /api/swaps/deals/:dealId/approve": { dealId: "approvalDeal" },
  "POST /api/swaps/deals/:dealId/reject": { dealId: "approvalDeal" },
  "POST /api/departments/:deptId/duty/roles/:roleId/handover": { roleId: "heldDutyRole" },
};

export const routeKey = (route: Pick<RegisteredRoute, "method" | "url">) => `${route.method} ${route.url}`;

export interface Target {
  dept: DeptKey;
  /** which resource a parameter names, over the route's default (e.g. `{ threadId: "direct" }`) */
  use?: Partial<Record<string, ResourceName>>;
  /** replaces the route's body (e.g. to name another person) */
  body?: (world: ApiWorld, dept: DeptKey) => unknown;
  /** replaces the route's query string */
  query?: (world: ApiWorld, dept: DeptKey) => Record<string, string>;
}

/** The ids a route's `:params` name in `target.dept`. */
export function pathParams(route: Pick<RegisteredRoute, "method" | "url">, world: ApiWorld, target: Target) {
  const key = routeKey(route);
  const params: Record<string, string> = {};
  for (const [, param] of route.url.matchAll(/:(\w+)/g)) {
    const name = target.use?.[param!] ?? routeParams[key]?.[param!] ?? paramDefaults[param!];
    if (!name) throw new Error(`${key}: no resource for :${param} in server/test/api-world.ts`);
    params[param!] = world.dept[target.dept][name];
  }
  return params;
}

/** The route's URL with each `:param` replaced by the id of the resource it names in `target.dept`. */
export function fillPath(route: Pick<RegisteredRoute, "method" | "url">, world: ApiWorld, target: Target) {
  const params = pathParams(route, world, target);
  return route.url.replace(/:(\w+)/g, (_, param: string) => params[param]!);
}

const future = (days: number) => osloDate(new Date(Date.now() + days * 86_400_000));
const fresh = () => randomUUID().slice(0, 8);
/** A browser's subscription keys (a P-256 public key and a 16-byte secret, base64url): any valid pair. */
const pushKeys = {
  p256dh: "BO7bZxPI1xTF1ifcoXRqfDd0v5H4IGU5ZbJX8WuQN7on7IEUEOUu7KCxYA9zxAP-k9qbfkATHEurV-n-LIHx_Qs",
  auth: "1Fg_pEuPxioEGBlFRBFLmA",
};
const shiftForm = { date: future(5), fromHour: 7, toHour: 15, title: "Dagvakt", location: "Operasjon 1" };

interface Ctx {
  world: ApiWorld;
  /** the app's secret for signed file links */
  fileUrlSecret: string;
  d: DeptResources;
  /** the signed-in caller's user id (null: anonymous) */
  caller: string | null;
  /** the ids the path's parameters name */
  params: Record<string, string>;
}

/** A minimal valid body per route that takes one (JSON; multipart routes below). */
const bodies: Record<string, (c: Ctx) => unknown> = {
  "POST /api/auth/magic-link": () => ({ email: `ny-${fresh()}@sykehus.no` }),
  "POST /api/auth/magic-link/verify": () => ({ token: `ukjent-${fresh()}` }),
  "POST /api/auth/register": () => ({
    fullName: "Ny Person",
    email: `ny-${fresh()}@sykehus.no`,
    password: "et-langt-passord-42",
    confirmPassword: "et-langt-passord-42",
  }),
  "POST /api/auth/confirm": () => ({ token: `ukjent-${fresh()}`, password: "et-langt-passord-42" }),
  "POST /api/auth/sign-in": () => ({ email: "kari@demo.no", password: "demo1234" }),
  "POST /api/auth/password-reset": () => ({ email: `ny-${fresh()}@sykehus.no` }),
  "POST /api/auth/password-reset/confirm": () => ({
    token: `ukjent-${fresh()}`,
    password: "et-langt-passord-42",
    confirmPassword: "et-langt-passord-42",
  }),
  "POST /api/auth/sign-out": () => ({}),
  "POST /api/me/departments": ({ d }) => ({ deptId: d.dept }),
  "PUT /api/me/current-department": ({ d }) => ({ deptId: d.dept }),
  "POST /api/notifications/:id/read": () => ({}),
  "POST /api/notifications/read-all": () => ({}),
  "POST /api/notifications/broadcast": () => ({ type: "announcement", title: "Husk personalmøtet" }),
  "POST /api/presence/heartbeat": () => ({}),
  "POST /api/chat/department": () => ({}),
  "POST /api/chat/shift": () => ({}),
  "POST /api/chat/privacy-choices": () => ({ choice: "edit" }),
  "POST /api/chat/direct": ({ d }) => ({ userId: d.partner }),
  "POST /api/chat/channels": () => ({ name: `Kanal ${fresh()}`, isPublic: true }),
  "POST /api/chat/channels/:threadId/join": () => ({}),
  "POST /api/chat/threads/:threadId/members": ({ d }) => ({ userIds: [d.partner] }),
  "POST /api/chat/threads/:threadId/read": ({ world, params }) => ({
    messageId: world.messageIn[params.threadId!],
  }),
  "POST /api/chat/threads/:threadId/messages": () => ({ content: "Jeg kan ta den" }),
  "PATCH /api/chat/messages/:messageId": () => ({ content: "Hvem tar nattevakten?" }),
  "POST /api/chat/messages/:messageId/restore": () => ({}),
  "POST /api/chat/messages/:messageId/reactions": () => ({ emoji: "👍" }),
  "POST /api/chat/messages/:messageId/acknowledge": () => ({}),
  "POST /api/chat/threads/:threadId/reach-check": () => ({ content: "@vakt trenger hjelp" }),
  "POST /api/shifts": ({ d }) => ({ ...shiftForm, deptId: d.dept, allowDuplicate: true }),
  "PATCH /api/shifts/:shiftId": () => shiftForm,
  "POST /api/shifts/:shiftId/publish": () => ({}),
  "POST /api/shifts/:shiftId/close": () => ({}),
  "POST /api/shifts/:shiftId/interest": () => ({}),
  "POST /api/shifts/:shiftId/assign": () => ({}),
  "POST /api/shifts/calendar": () => ({}),
  "POST /api/swaps/offers": ({ d }) => ({
    shift: { title: "dagvakt", startDate: future(9), endDate: future(9), location: "akutten" },
    visibility: "dept",
    deptId: d.dept,
  }),
  "PATCH /api/swaps/offers/:offerId": () => ({ requireSwap: false, autoMatch: false, visibility: "dept" }),
  "POST /api/swaps/offers/:offerId/cancel": () => ({}),
  "POST /api/swaps/offers/:offerId/deals": () => ({}),
  "POST /api/swaps/deals/:dealId/accept": () => ({}),
  "POST /api/swaps/deals/:dealId/decline": () => ({}),
  "POST /api/swaps/deals/:dealId/withdraw": () => ({}),
  "POST /api/swaps/deals/:dealId/approve": () => ({}),
  "POST /api/swaps/deals/:dealId/reject": () => ({}),
  "POST /api/swaps/automatch": ({ d }) => ({ deptId: d.dept }),
  "POST /api/admin/users": ({ d }) => ({
    firstName: "Nina",
    lastName: "Ny",
    email: `nina-${fresh()}@sykehus.no`,
    deptId: d.dept,
  }),
  // 'Personen finnes allerede': what adding the owner's address again would change.
  "POST /api/admin/users/preview": ({ world, d }) => ({
    firstName: "Nina",
    lastName: "Ny",
    email: world.emailOf[d.owner]!,
    deptId: d.dept,
  }),
  "PATCH /api/admin/users/:userId": ({ d }) => ({
    firstName: "Endret",
    lastName: "Navn",
    phone: null,
    memberships: [{ deptId: d.dept, role: "staff", isActive: true }],
  }),
  "POST /api/admin/users/:userId/activation": ({ d }) => ({ active: false, deptId: d.dept }),
  "POST /api/admin/departments": () => ({ name: `Avdeling ${fresh()}` }),
  "PATCH /api/admin/departments/:deptId": () => ({ name: `Avdeling ${fresh()}` }),
  "PATCH /api/profile": () => ({ firstName: "Kari", lastName: "Nordmann", phone: null }),
  "POST /api/departments/:deptId/duty/roles": () => ({ name: `Vaktrolle ${fresh()}` }),
  "PATCH /api/departments/:deptId/duty/roles/:roleId": () => ({ name: `Vaktrolle ${fresh()}` }),
  // The next block: the ongoing one could end while the matrix runs.
  "PUT /api/departments/:deptId/duty/roles/:roleId/holder": ({ d }) => ({
    blockStart: nextBlock(ongoingBlock(new Date())).start.toISOString(),
    userId: d.owner,
  }),
  "POST /api/departments/:deptId/duty/roles/:roleId/take": () => ({}),
  // To its holder himself: past the policy a 422 that changes nothing, so no caller sees another's change.
  "POST /api/departments/:deptId/duty/roles/:roleId/handover": ({ d }) => ({ userId: d.owner }),
  "PUT /api/departments/:deptId/work-rules": () => ({
    maxHoursPerDay: 12,
    maxOvertimeWeek: 10,
    maxOvertime4Weeks: 25,
    maxOvertimeYear: 200,
    partTimeFirst: true,
  }),
  "PUT /api/admin/departments/:deptId/retention": () => ({
    shift: 30,
    department: null,
    channel: null,
    direct: null,
    attachments: 90,
  }),
  "POST /api/departments/:deptId/competences": () => ({ name: `Kompetanse ${fresh()}` }),
  "PATCH /api/departments/:deptId/competences/:competenceId": () => ({ name: `Kompetanse ${fresh()}` }),
  "PUT /api/departments/:deptId/staff/:userId/work": ({ d }) => ({
    positionPercent: 50,
    fullTimeHours: 37.5,
    competenceIds: [d.competence],
  }),
  "PUT /api/me/alerts": () => ({ quietOffShift: true }),
  "POST /api/push/subscriptions": () => ({ endpoint: `http://127.0.0.1:9/push/${fresh()}`, keys: pushKeys }),
  "PUT /api/push/preference": () => ({ showContent: true }),
  "POST /api/dev/impersonate": () => ({ email: "kari@demo.no" }),
  "POST /api/dev/auto-sign-in": () => ({}),
  "POST /api/dev/bootstrap": () => ({}),
  "POST /api/dev/clock": () => ({ ms: 60_000 }),
  "POST /api/dev/demo-users": () => ({ firstName: "Demo", lastName: `Person ${fresh()}` }),
  "POST /api/dev/sign-in-link": () => ({ email: "kari@demo.no" }),
};

/** Query strings a route needs to pass validation. */
const queries: Record<string, (c: Ctx) => Record<string, string>> = {
  "GET /api/shifts": () => ({ view: "open" }),
  "GET /api/swaps/deals": () => ({ view: "waiting" }),
  "GET /api/admin/users": ({ d }) => ({ deptId: d.dept }),
  "GET /api/chat/files/:attachmentId": ({ world, params, caller, fileUrlSecret }) => {
    // Signed for the caller, as the message that lists the file signs it: the link is
    // checked after the policy, so this request is answered by the policy alone.
    const signed = signFileUrl(
      {
        key: world.fileKeys[params.attachmentId!]!,
        userId: caller ?? randomUUID(),
        expiresAt: new Date(Date.now() + 300_000),
      },
      fileUrlSecret,
    );
    return { exp: String(signed.exp), sig: signed.sig };
  },
};

/** WebSocket routes: called with an upgrade (e.g. `app.injectWS`), which sends the origin as browsers do. */
export const websocketRoutes = new Set(["GET /api/realtime"]);

/** Routes that take a file; their body is one small PNG. */
const multipartRoutes = new Set([
  "POST /api/chat/threads/:threadId/attachments",
  "PUT /api/users/:userId/avatar",
]);

export interface ApiRequest {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/**
 * A request to `route` that passes its validation, against the resources of
 * `target.dept`, made for `caller` (a signed-in user id, or null for anonymous; the
 * caller's cookie is the caller's to add).
 */
export async function requestFor(
  t: TestApp,
  route: Pick<RegisteredRoute, "method" | "url">,
  world: ApiWorld,
  target: Target & { caller: string | null },
): Promise<ApiRequest> {
  const key = routeKey(route);
  const c: Ctx = {
    world,
    d: world.dept[target.dept],
    caller: target.caller,
    params: pathParams(route, world, target),
    fileUrlSecret: t.ctx.fileUrlSecret,
  };
  const path = fillPath(route, world, target);
  // A browser sends its origin with every state-changing request.
  const origin: Record<string, string> =
    route.method === "GET" && !websocketRoutes.has(key)
      ? {}
      : { origin: new URL(t.ctx.config.publicUrl).origin };
  const query = target.query?.(world, target.dept) ?? queries[key]?.(c);
  const url = query ? `${path}?${new URLSearchParams(query)}` : path;
  if (multipartRoutes.has(key)) {
    const file = multipartFile("bilde.png", await aPicture(), "image/png");
    return { method: route.method, url, payload: file.payload, headers: { ...file.headers, ...origin } };
  }
  if (route.method === "GET" || (route.method === "DELETE" && !bodies[key] && !target.body))
    return { method: route.method, url, headers: origin };
  const body = target.body ? () => target.body!(world, target.dept) : bodies[key];
  if (!body) throw new Error(`${key}: no valid body in server/test/api-world.ts`);
  return {
    method: route.method,
    url,
    payload: JSON.stringify(body(c)),
    headers: { "content-type": "application/json", ...origin },
  };
}
