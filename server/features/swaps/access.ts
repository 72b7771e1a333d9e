/**
 * What the swap routes authorize with: the department (my current one, or the one the
 * request names), and the offer or deal of the path, read once per request. What one
 * may not see answers like what does not exist. A deal that is already decided answers
 * 409 before anyone's right to decide it is asked, so a late click hears the truth.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest, preHandlerHookHandler } from "fastify";
import type { Db } from "../../db/client.ts";
import { departments, swapDeals, swapOffers } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { conflict, forbidden } from "../../platform/errors.ts";
import { authorize, oncePerRequest, type SignedIn, signedIn } from "../../platform/pipeline.ts";
import type { DepartmentResource, SwapDealResource, SwapOfferResource } from "../../policies/resources.ts";
import { dealResource, offerResource } from "./present.ts";

export type OfferRowDb = typeof swapOffers.$inferSelect;
export type DealRowDb = typeof swapDeals.$inferSelect;

export async function loadOffer(db: Db, offerId: string): Promise<SwapOfferResource | null> {
  const [found] = await db
    .select({
      row: swapOffers,
      awaitingLeader: sql<boolean>`exists (select 1 from ${swapDeals} d
        where d.offer_id = ${swapOffers}.id and d.status = 'waiting_leader')`,
    })
    .from(swapOffers)
    .where(eq(swapOffers.id, offerId));
  return found ? offerResource({ offer: found.row, awaitingLeader: found.awaitingLeader }) : null;
}

async function loadDeal(db: Db, dealId: string): Promise<SwapDealResource | null> {
  const [row] = await db.select().from(swapDeals).where(eq(swapDeals.id, dealId));
  return row ? dealResource(row) : null;
}

/** The department a request names, else my current one. */
export function deptIdOf(request: FastifyRequest, actor: SignedIn["actor"]): string | null {
  const asked = (request.query as { deptId?: string } | undefined)?.deptId;
  const given = (request.body as { deptId?: string } | undefined)?.deptId;
  return asked ?? given ?? actor.currentDeptId;
}

async function departmentOf(db: Db, deptId: string | null): Promise<DepartmentResource | null> {
  if (!deptId) return null;
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId));
  return dept ? { type: "department", id: dept.id } : null;
}

export type SwapLoaders = ReturnType<typeof swapLoaders>;

export function swapLoaders(ctx: AppContext) {
  const offer = oncePerRequest((r) => loadOffer(ctx.db, (r.params as { offerId: string }).offerId));
  const deal = oncePerRequest((r) => loadDeal(ctx.db, (r.params as { dealId: string }).dealId));
  const dept = oncePerRequest((r) => departmentOf(ctx.db, deptIdOf(r, signedIn(r).actor)));
  const readOffer = authorize(ctx, "swapOffer.read", offer, { notFound: "swap_offer_not_found" });
  const readDeal = authorize(ctx, "swapDeal.read", deal, { notFound: "swap_deal_not_found" });
  const must = async <T>(found: Promise<T | null>): Promise<T> => {
    const value = await found;
    if (!value) throw new Error("used before its authorize step");
    return value;
  };
  /** A decided deal answers 409 whoever asks (after they may see it). */
  const undecided: preHandlerHookHandler = async (request) => {
    const { status } = await must(deal(request));
    if (status !== "waiting_owner" && status !== "waiting_leader") throw conflict("swap_deal_decided");
  };
  const openOffer: preHandlerHookHandler = async (request) => {
    if ((await must(offer(request))).status !== "open") throw conflict("swap_offer_not_open");
  };
  /** A party never decides their own deal (leaders included). */
  const notAParty: preHandlerHookHandler = async (request) => {
    const d = await must(deal(request));
    const me = signedIn(request).actor.userId;
    if (d.ownerId === me || d.proposerId === me) throw forbidden("swap_own_deal");
  };
  return {
    /** The department of the request, for its lists. */
    inDepartment: authorize(ctx, "swapOffer.list", dept, { notFound: "no_department" }),
    createIn: authorize(ctx, "swapOffer.create", dept, { notFound: "no_department" }),
    automatchIn: authorize(ctx, "swap.automatch", dept, { notFound: "no_department" }),
    editOffer: [readOffer, openOffer, authorize(ctx, "swapOffer.edit", offer)],
    cancelOffer: [readOffer, openOffer, authorize(ctx, "swapOffer.cancel", offer)],
    proposeOn: [readOffer, openOffer, authorize(ctx, "swapOffer.propose", offer)],
    answerDeal: [readDeal, undecided, authorize(ctx, "swapDeal.answer", deal)],
    withdrawDeal: [readDeal, undecided, authorize(ctx, "swapDeal.withdraw", deal)],
    decideDeal: [readDeal, undecided, notAParty, authorize(ctx, "swapDeal.approve", deal)],
  };
}
