import { osloDate, shiftSpan } from "../../../common/domain/oslo-time.ts";
import type { Session } from "../../../common/schemas/auth.ts";
import type { FeatureFlags } from "../../../common/schemas/brand.ts";
import type { PersonRef } from "../../../common/schemas/shifts.ts";
import type {
  HistoryItem,
  MyAssignment,
  SwapDealDto,
  SwapOfferDto,
  SwapShift,
} from "../../../common/schemas/swaps.ts";
import { baseHandlers, mockApi, session } from "../../test/app.tsx";
import { type Answer, type Call, type Reply, serveFeatureApi } from "../../test/feature-api.ts";

export const ids = {
  kari: "0b6f6c1e-0000-4000-8000-000000000001",
  ola: "0b6f6c1e-0000-4000-8000-000000000002",
  lars: "0b6f6c1e-0000-4000-8000-000000000003",
} as const;

export const person = (userId: string, name: string): PersonRef => ({ userId, name, avatarUrl: null });
export const kariRef = person(ids.kari, "Kari Nordmann");
export const ola = person(ids.ola, "Ola Nordmann");
export const lars = person(ids.lars, "Lars Johansen");

/** Kari Nordmann, signed in with the role given in Anestesi. */
export const kari = (role: "admin" | "leader" | "staff" = "staff", over: Partial<Session> = {}) =>
  session(role, { user: { ...session(role).user, id: ids.kari }, ...over });

/** An Oslo date `days` from today. */
export const inDays = (days: number) => osloDate(new Date(Date.now() + days * 86_400_000));

export const failure = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

const anestesi = kari().currentDeptId!;
let next = 0;
const uuid = (kind: number) => `${kind}a2c0c2e-0000-4000-8000-${String(++next).padStart(12, "0")}`;

/** A shift `day` days ahead with the hours given (07–15 by default). */
export function swapShift(
  over: Partial<SwapShift> & { day?: number; hours?: [number, number] } = {},
): SwapShift {
  const { day = 3, hours = [7, 15], ...rest } = over;
  const span = shiftSpan(inDays(day), hours[0], hours[1])!;
  return {
    shiftId: uuid(1),
    assignmentId: uuid(2),
    title: "Dagvakt",
    location: "anestesi",
    startsAt: span.startsAt.toISOString(),
    endsAt: span.endsAt.toISOString(),
    timeTags: ["dag"],
    ...rest,
  };
}

const noOfferAbilities = { edit: false, cancel: false, propose: false, claim: false };

/** An open offer of Kari's, swap required, private, no wishes; `can` merged with nothing allowed. */
export function offer(
  over: Partial<Omit<SwapOfferDto, "can">> & { can?: Partial<SwapOfferDto["can"]> } = {},
): SwapOfferDto {
  const { can, ...rest } = over;
  const now = new Date().toISOString();
  return {
    id: uuid(3),
    deptId: anestesi,
    owner: kariRef,
    ownerInitials: "KN",
    shift: swapShift(),
    requireSwap: true,
    autoMatch: false,
    visibility: "private",
    status: "open",
    wantDateFrom: null,
    wantDateTo: null,
    wantTimeTags: [],
    wantWeekdays: [],
    createdAt: now,
    updatedAt: now,
    waitingDeals: 0,
    blockedReason: null,
    myDealId: null,
    ...rest,
    can: { ...noOfferAbilities, ...can },
  };
}

/** A deal on an offer of Kari's proposed by Ola, waiting for Kari. */
export function deal(
  over: Partial<Omit<SwapDealDto, "can">> & { can?: Partial<SwapDealDto["can"]> } = {},
): SwapDealDto {
  const { can, ...rest } = over;
  return {
    id: uuid(4),
    offerId: uuid(3),
    deptId: anestesi,
    status: "waiting_owner",
    source: "proposal",
    owner: kariRef,
    ownerShift: swapShift({ title: "Nattevakt", hours: [23, 7] }),
    proposer: ola,
    proposerShift: swapShift({ day: 5, title: "Kveldsvakt", hours: [15, 23] }),
    createdAt: new Date().toISOString(),
    answeredAt: null,
    decidedAt: null,
    decidedBy: null,
    note: null,
    ...rest,
    can: { answer: false, withdraw: false, decide: false, ...can },
  };
}

export const assignment = (over: Partial<MyAssignment> & { day?: number; hours?: [number, number] } = {}) => {
  const { openOfferId = null, blockedReason = null, ...rest } = over;
  return { ...swapShift(rest), openOfferId, blockedReason } satisfies MyAssignment;
};

export type { Call };

const ok = (body: unknown): Reply => ({ status: 200, body });

/** Signed in as `me` (Kari, staff by default); `offers` hold mine and the market's. */
export function swapsServer(
  data: {
    offers?: SwapOfferDto[];
    deals?: SwapDealDto[];
    assignments?: MyAssignment[];
    history?: HistoryItem[];
  } = {},
  { me = kari(), features = {} }: { me?: Session; features?: Partial<FeatureFlags> } = {},
) {
  const offers = data.offers ?? [];
  const deals = data.deals ?? [];
  const assignments = data.assignments ?? [];
  const history = data.history ?? [];
  const calls: Call[] = [];
  const reply: Record<string, Answer> = {};
  const mine = (o: SwapOfferDto) => o.owner.userId === me.user.id;
  const onMarket = (o: SwapOfferDto) => !mine(o) && o.status === "open" && o.visibility === "dept";
  const waiting = (d: SwapDealDto) => d.status === "waiting_owner" || d.status === "waiting_leader";

  function answer({ method, url, body }: Call): Reply | undefined {
    const path = url.pathname.replace(/^\/api\/swaps/, "");
    const q = url.searchParams;
    if (method === "GET" && path === "/offers/mine") return ok({ offers: offers.filter(mine) });
    if (method === "GET" && path === "/market") {
      const offset = Number(q.get("offset") ?? 0);
      const limit = Number(q.get("limit") ?? 50);
      const all = offers.filter(onMarket);
      return ok({
        offers: all.slice(offset, offset + limit),
        nextOffset: offset + limit < all.length ? offset + limit : null,
      });
    }
    if (method === "GET" && path === "/assignments") {
      // Only with `forOffer` do the assignments say why they cannot go.
      const forOffer = q.get("forOffer");
      return ok({ assignments: assignments.map((a) => (forOffer ? a : { ...a, blockedReason: null })) });
    }
    if (method === "GET" && path === "/deals") {
      const view = q.get("view");
      return ok({
        deals: deals.filter((d) => (view === "approval" ? d.status === "waiting_leader" : waiting(d))),
      });
    }
    if (method === "GET" && path === "/history") return ok({ items: history });
    if (method === "GET" && path === "/counts")
      return ok({
        market: offers.filter(onMarket).length,
        waitingForMe: deals.filter((d) => waiting(d) && (d.can.answer || d.can.decide)).length,
      });
    if (method === "POST" && path === "/offers") {
      const created = offer({ can: { edit: true, cancel: true } });
      offers.unshift(created);
      return { status: 201, body: created };
    }
    if (method === "POST" && path === "/automatch") return ok({ created: 0 });
    const offerMatch = /^\/offers\/([^/]+)(?:\/([a-z]+))?$/.exec(path);
    const target = offerMatch && offers.find((o) => o.id === offerMatch[1]);
    if (target) {
      switch (`${method} ${offerMatch[2] ?? ""}`) {
        case "PATCH ":
          Object.assign(target, body);
          return ok(target);
        case "POST cancel":
          Object.assign(target, { status: "cancelled", can: noOfferAbilities });
          return ok(target);
        case "POST deals": {
          const created = deal({
            offerId: target.id,
            owner: target.owner,
            proposer: me.user.id === ids.ola ? ola : kariRef,
          });
          deals.push(created);
          target.myDealId = created.id;
          return { status: 201, body: created };
        }
      }
    }
    const dealMatch = /^\/deals\/([^/]+)\/([a-z]+)$/.exec(path);
    const found = dealMatch && deals.find((d) => d.id === dealMatch[1]);
    if (!found || method !== "POST") return undefined;
    const statusAfter: Record<string, SwapDealDto["status"]> = {
      accept: "waiting_leader",
      decline: "rejected",
      withdraw: "withdrawn",
      approve: "approved",
      reject: "rejected",
    };
    const status = statusAfter[dealMatch[2]!];
    if (!status) return undefined;
    Object.assign(found, {
      status,
      can: { answer: false, withdraw: false, decide: status === "waiting_leader" },
    });
    return ok(found);
  }

  mockApi(baseHandlers(me, features));
  const callsTo = serveFeatureApi((path) => path.startsWith("/api/swaps"), calls, reply, answer);

  return { offers, deals, assignments, calls, callsTo, reply };
}
