/**
 * What the load knows of the hospital while it runs: which thread each person has on
 * screen, each department's shift thread and the conversations opened, the recent
 * messages of each thread (to reply to, react to, edit, delete and mark read), the open
 * shifts and who answered them. Opening the app (`openApp`) fills it in through the API,
 * as the web app does on start.
 */
import type { HospitalApi } from "./api.ts";
import type { Fleet } from "./fleet.ts";
import type { Department, Hospital, Person } from "./seed.ts";

export interface Recent {
  id: string;
  author: Person;
}

export interface Screen {
  /** the thread on screen, followed by the socket */
  threadId: string;
  /** the colleague of a direct conversation */
  partner?: Person;
}

export class World {
  readonly screens = new Map<Person, Screen>();
  /** department index → the thread of the shift under way, and who has it on screen */
  readonly shiftThreads = new Map<number, { id: string; people: Person[] }>();
  /** people with a direct conversation on screen (the pair writes in it) */
  readonly directs: Person[] = [];
  private readonly recents = new Map<string, Recent[]>();
  /** department index → open shifts, newest last, with who said they are interested */
  readonly openShifts = new Map<number, { id: string; interested: Set<number> }[]>();

  constructor(readonly hospital: Hospital) {
    for (const [d, dept] of hospital.departments.entries())
      this.openShifts.set(
        d,
        dept.openShiftIds.map((id) => ({ id, interested: new Set() })),
      );
  }

  get people() {
    return this.hospital.people;
  }

  department(person: Person): Department {
    return this.hospital.departments[person.dept]!;
  }

  /** Up to the last 20 messages sent in a thread during the load. */
  recent(threadId: string): Recent[] {
    const list = this.recents.get(threadId) ?? [];
    this.recents.set(threadId, list);
    return list;
  }

  remember(threadId: string, message: Recent) {
    const list = this.recent(threadId);
    list.push(message);
    if (list.length > 20) list.shift();
  }

  forget(threadId: string, id: string) {
    const list = this.recent(threadId);
    const at = list.findIndex((m) => m.id === id);
    if (at >= 0) list.splice(at, 1);
  }
}

/** Seven in ten have their department's chat on screen, two the shift's, one a conversation. */
const screenOf = (slot: number) => (slot < 7 ? "department" : slot < 9 ? "shift" : "direct");

async function threadOf(api: HospitalApi, person: Person, method: string, path: string, body?: unknown) {
  const answer = await api.send(person, method, path, body);
  if (answer.status !== 200) throw new Error(`${method} ${path}: HTTP ${answer.status}`);
  return (answer.json() as { id: string }).id;
}

/**
 * One person starting the app: their department's thread, the shift's or a conversation
 * with the colleague before them, the newest page of what is on screen, the bell, the
 * first heartbeat, and the socket. Resolves with the time it took.
 */
async function openOne(world: World, api: HospitalApi, fleet: Fleet, person: Person): Promise<number> {
  const t0 = performance.now();
  const dept = world.department(person);
  const slot = dept.people.indexOf(person) % 10;
  await threadOf(api, person, "POST", "/api/chat/department");
  let screen: Screen = { threadId: dept.threadId };
  if (screenOf(slot) === "shift") {
    const id = await threadOf(api, person, "POST", "/api/chat/shift");
    const shift = world.shiftThreads.get(person.dept) ?? { id, people: [] };
    shift.people.push(person);
    world.shiftThreads.set(person.dept, shift);
    screen = { threadId: id };
  } else if (screenOf(slot) === "direct") {
    const partner = dept.people[dept.people.indexOf(person) - 1]!;
    screen = {
      threadId: await threadOf(api, person, "POST", "/api/chat/direct", { userId: partner.id }),
      partner,
    };
    world.directs.push(person);
  }
  world.screens.set(person, screen);
  const start: [string, string][] = [
    ["GET", `/api/chat/threads/${screen.threadId}/messages`],
    ["GET", "/api/notifications/unread-count"],
    // The app's first heartbeat, which says the person came online.
    ["POST", "/api/presence/heartbeat"],
  ];
  for (const [method, path] of start) {
    const answer = await api.send(person, method, path);
    if (answer.status !== 200) throw new Error(`${method} ${path}: HTTP ${answer.status}`);
  }
  await fleet.connect(person, api.instanceOf(person), dept.id, screen.threadId);
  return performance.now() - t0;
}

/** Everyone opens the app, `concurrency` at a time; the time each took. */
export async function openApp(
  world: World,
  api: HospitalApi,
  fleet: Fleet,
  concurrency: number,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < world.people.length) {
      times.push(await openOne(world, api, fleet, world.people[next++]!));
      if (times.length % 500 === 0)
        console.log(`  ${times.length} of ${world.people.length} have opened the app`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times;
}
