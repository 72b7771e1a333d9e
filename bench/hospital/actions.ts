/**
 * Each action of the timetable (mix.ts) as the web app does it: who does it is picked
 * with the step's number, the request goes through the person's instance. An action
 * answers what came of it: the HTTP status of its request (a photo: its upload's when
 * that failed, else its post's), a chat message's id and thread for send→deliver, a new
 * shift's or offer's id for the action that follows it, or `skip` when there was nothing
 * to do (no message yet to react to), which is counted apart and is no error.
 */
import { randomUUID } from "node:crypto";
import { osloDate } from "../../common/domain/oslo-time.ts";
import { shiftLocations, shiftTitles } from "../../common/schemas/shifts.ts";
import { png } from "../../server/test/file-fixtures.ts";
import type { HospitalApi } from "./api.ts";
import type { Fleet } from "./fleet.ts";
import type { ActionKind, Step } from "./mix.ts";
import type { Person } from "./seed.ts";
import type { World } from "./world.ts";

export type Outcome =
  | {
      status: number;
      code?: string;
      /**
       * a chat message sent: when its post was issued (a photo's after its upload, as the
       * app uploads on attaching and posts on 'Send'), and the sender's instance
       */
      message?: { id: string; threadId: string; instance: number; sentAt: number };
      /** a shift or offer made, and by whom (the same person acts on it next) */
      made?: { id: string; by: Person };
    }
  | { skip: string };

export interface Context {
  world: World;
  api: HospitalApi;
  fleet: Fleet;
  /** what each step made (a shift, an offer), for the step that follows it */
  made: Map<Step, Promise<Outcome>>;
  photo: Buffer;
  /**
   * A bare baseline server (chat/baseline.ts) instead of the app: messages go to its
   * `/threads/:id/messages` with the author's id, as it takes them.
   */
  baseline?: boolean;
}

export const photo = () => png(1200, 900);

const pickOf = <T>(list: readonly T[], pick: number): T =>
  list[Math.floor(pick * list.length) % list.length]!;
/** A second, independent pick from the same number. */
const again = (pick: number) => (pick * 9973) % 1;

const dayMs = 86_400_000;
/** An Oslo date `days` from today. */
const dateIn = (days: number) => osloDate(new Date(Date.now() + days * dayMs));

const lines = [
  "Kan noen ta over stue 4 etter lunsj?",
  "Pasienten på enerom er flyttet til post 2.",
  "Husk vaktskiftemøtet på vaktrommet.",
  "Medisinrunden er ferdig, alt er signert.",
  "Trenger en ekstra hånd i akuttmottaket nå.",
  "Laboratoriet har svart, prøvene er normale.",
];
const text = (pick: number) => pickOf(lines, pick);

function failed(status: number, answer: { json(): unknown }): Outcome {
  let code: string | undefined;
  try {
    code = (answer.json() as { error?: { code?: string } }).error?.code;
  } catch {
    // not JSON: the status says it
  }
  return { status, ...(code ? { code } : {}) };
}

async function post(ctx: Context, author: Person, threadId: string, pick: number, attachmentIds?: string[]) {
  const recent = ctx.world.recent(threadId);
  // One in ten answers one of the thread's recent messages.
  const replyTo = again(pick) < 0.1 && recent.length > 0 ? pickOf(recent, again(again(pick))).id : undefined;
  const content = attachmentIds ? "" : text(pick);
  const sentAt = performance.now();
  const answer = ctx.baseline
    ? await ctx.api.send(author, "POST", `/threads/${threadId}/messages`, { authorId: author.id, content })
    : await ctx.api.send(author, "POST", `/api/chat/threads/${threadId}/messages`, {
        content,
        clientKey: randomUUID(),
        ...(replyTo ? { replyToId: replyTo } : {}),
        ...(attachmentIds ? { attachmentIds } : {}),
      });
  if (answer.status !== 201) return failed(answer.status, answer);
  const { id } = answer.json() as { id: string };
  ctx.world.remember(threadId, { id, author });
  return { status: 201, message: { id, threadId, instance: ctx.api.instanceOf(author), sentAt } };
}

/** Someone's own recent message in their department's chat, with its author. */
function ownRecent(ctx: Context, pick: number) {
  const dept = pickOf(ctx.world.hospital.departments, pick);
  const recent = ctx.world.recent(dept.threadId);
  return recent.length === 0 ? undefined : { threadId: dept.threadId, message: pickOf(recent, again(pick)) };
}

type Action = (ctx: Context, step: Step) => Promise<Outcome>;

const expectStatus =
  (want: number) =>
  async (answer: Promise<{ status: number; json(): unknown }>): Promise<Outcome> => {
    const a = await answer;
    return a.status === want ? { status: a.status } : failed(a.status, a);
  };
const ok = expectStatus(200);

const actions: Record<ActionKind, Action> = {
  "chat.department": (ctx, { pick }) => {
    const author = pickOf(ctx.world.people, pick);
    return post(ctx, author, ctx.world.department(author).threadId, pick);
  },
  "chat.shift": async (ctx, { pick }) => {
    const shift = ctx.world.shiftThreads.get(Math.floor(pick * ctx.world.hospital.departments.length));
    if (!shift) return { skip: "no shift thread" };
    return post(ctx, pickOf(shift.people, again(pick)), shift.id, pick);
  },
  "chat.direct": (ctx, { pick }) => {
    const person = pickOf(ctx.world.directs, pick);
    const screen = ctx.world.screens.get(person)!;
    return post(ctx, again(pick) < 0.5 ? person : screen.partner!, screen.threadId, pick);
  },
  "chat.photo": async (ctx, { pick }) => {
    const author = pickOf(ctx.world.people, pick);
    const threadId = ctx.world.department(author).threadId;
    const upload = await ctx.api.send(
      author,
      "POST",
      `/api/chat/threads/${threadId}/attachments`,
      undefined,
      {
        file: { name: "bilde.png", type: "image/png", data: ctx.photo },
      },
    );
    if (upload.status !== 201) return failed(upload.status, upload);
    return post(ctx, author, threadId, pick, [(upload.json() as { id: string }).id]);
  },
  "chat.react": async (ctx, { pick }) => {
    const person = pickOf(ctx.world.people, pick);
    const recent = ctx.world.recent(ctx.world.department(person).threadId);
    if (recent.length === 0) return { skip: "nothing to react to" };
    const { id } = pickOf(recent, again(pick));
    const emoji = pickOf(["👍", "❤️", "😂"], again(again(pick)));
    return ok(ctx.api.send(person, "POST", `/api/chat/messages/${id}/reactions`, { emoji }));
  },
  "chat.edit": async (ctx, { pick }) => {
    const found = ownRecent(ctx, pick);
    if (!found) return { skip: "nothing to edit" };
    const { author, id } = found.message;
    return ok(
      ctx.api.send(author, "PATCH", `/api/chat/messages/${id}`, { content: `${text(pick)} (rettet)` }),
    );
  },
  "chat.delete": async (ctx, { pick }) => {
    const found = ownRecent(ctx, pick);
    if (!found) return { skip: "nothing to delete" };
    const { author, id } = found.message;
    ctx.world.forget(found.threadId, id);
    return ok(ctx.api.send(author, "DELETE", `/api/chat/messages/${id}`));
  },
  "chat.read": async (ctx, { pick }) => {
    const person = pickOf(ctx.world.people, pick);
    const { threadId } = ctx.world.screens.get(person)!;
    const last = ctx.world.recent(threadId).at(-1);
    if (!last) return { skip: "nothing new to read" };
    return ok(ctx.api.send(person, "POST", `/api/chat/threads/${threadId}/read`, { messageId: last.id }));
  },
  "chat.open": (ctx, { pick }) => {
    const person = pickOf(ctx.world.people, pick);
    return ok(
      ctx.api.send(person, "GET", `/api/chat/threads/${ctx.world.department(person).threadId}/messages`),
    );
  },
  "shift.create": async (ctx, { pick }) => {
    const leader = pickOf(pickOf(ctx.world.hospital.departments, pick).leaders, again(pick));
    const hour = pickOf([7, 15, 23], again(again(pick)));
    const answer = await ctx.api.send(leader, "POST", "/api/shifts", {
      date: dateIn(3 + Math.floor(again(pick) * 10)),
      fromTime: `${String(hour).padStart(2, "0")}:${pickOf(["00", "15", "30", "45"], pick * 7)}`,
      toTime: `${String((hour + 8) % 24).padStart(2, "0")}:00`,
      title: pickOf(shiftTitles, again(pick)),
      location: pickOf(shiftLocations, pick),
      allowDuplicate: true,
    });
    if (answer.status !== 201) return failed(answer.status, answer);
    return { status: 201, made: { id: (answer.json() as { id: string }).id, by: leader } };
  },
  "shift.publish": async (ctx, step) => {
    const { made, by: leader } = await madeBy(ctx, step);
    if (!made || !leader) return { skip: "the shift was not made" };
    const outcome = await ok(ctx.api.send(leader, "POST", `/api/shifts/${made}/publish`));
    if ("status" in outcome && outcome.status === 200)
      ctx.world.openShifts.get(leader.dept)!.push({ id: made, interested: new Set() });
    return outcome;
  },
  "shift.interest": async (ctx, { pick }) => {
    const dept = pickOf(ctx.world.hospital.departments, pick);
    const person = pickOf(dept.staff, again(pick));
    // The newest shift this person has not answered: people answer what was just published.
    const open = ctx.world.openShifts.get(person.dept)!;
    const shift = open.findLast((s) => !s.interested.has(person.index));
    if (!shift) return { skip: "answered every open shift" };
    shift.interested.add(person.index);
    return ok(ctx.api.send(person, "POST", `/api/shifts/${shift.id}/interest`));
  },
  "shift.assign": async (ctx, step) => {
    const { made, by: leader } = await madeBy(ctx, step);
    if (!made || !leader) return { skip: "the shift was not made" };
    const open = ctx.world.openShifts.get(leader.dept)!;
    const at = open.findIndex((s) => s.id === made);
    if (at < 0) return { skip: "the shift was not published" };
    // A leader assigns what someone answered; the app's preview says so before asking.
    if (open[at]!.interested.size === 0) return { skip: "nobody answered" };
    open.splice(at, 1);
    return ok(ctx.api.send(leader, "POST", `/api/shifts/${made}/assign`));
  },
  "swap.offer": async (ctx, { pick }) => {
    const person = pickOf(pickOf(ctx.world.hospital.departments, pick).staff, again(pick));
    const date = dateIn(3 + Math.floor(again(again(pick)) * 40));
    const answer = await ctx.api.send(person, "POST", "/api/swaps/offers", {
      shift: {
        title: "dagvakt",
        startDate: date,
        endDate: date,
        startHour: 7,
        endHour: 15,
        location: "kirurgi",
      },
      requireSwap: false,
      visibility: "dept",
    });
    if (answer.status !== 201) return failed(answer.status, answer);
    return { status: 201, made: { id: (answer.json() as { id: string }).id, by: person } };
  },
  "swap.claim": async (ctx, step) => {
    const { made, by: owner } = await madeBy(ctx, step);
    if (!made || !owner) return { skip: "the offer was not made" };
    const staff = ctx.world.department(owner).staff.filter((p) => p !== owner);
    const answer = await ctx.api.send(
      pickOf(staff, step.pick),
      "POST",
      `/api/swaps/offers/${made}/deals`,
      {},
    );
    return answer.status === 201 ? { status: 201 } : failed(answer.status, answer);
  },
  "bell.poll": (ctx, { pick }) =>
    ok(
      ctx.api.send(ctx.world.people[pick]!, "GET", "/api/notifications/unread-count", undefined, {
        background: true,
      }),
    ),
  "presence.heartbeat": (ctx, { pick }) =>
    ok(
      ctx.api.send(ctx.world.people[pick]!, "POST", "/api/presence/heartbeat", undefined, {
        background: true,
      }),
    ),
  "presence.read": (ctx, { pick }) => {
    const person = ctx.world.people[pick]!;
    const path = `/api/departments/${ctx.world.department(person).id}/presence`;
    return ok(ctx.api.send(person, "GET", path, undefined, { background: true }));
  },
  "socket.ping": async (ctx, { pick }) => {
    ctx.fleet.ping(pick);
    return { skip: "no answer is timed" };
  },
};

/** What the step before this one made, and who made it (the same person acts next). */
async function madeBy(ctx: Context, step: Step): Promise<{ made?: string; by?: Person }> {
  const parent = step.parent && (await ctx.made.get(step.parent));
  if (!parent || !("made" in parent) || !parent.made) return {};
  return { made: parent.made.id, by: parent.made.by };
}

export function run(ctx: Context, step: Step): Promise<Outcome> {
  return actions[step.kind](ctx, step);
}
