/**
 * The swap API (common/schemas/swaps.ts). Lists are of the request's department (my
 * current one unless it names another); offers and deals one may not see answer like
 * missing ones. Whether an offer or deal still allows a step is decided under its
 * row's lock (409 with the reason), so a late click hears what happened instead.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  autoMatchInput,
  autoMatchResponse,
  dealInput,
  dealList,
  dealListQuery,
  dealParams,
  decisionInput,
  marketPage,
  marketQuery,
  myAssignmentsQuery,
  myAssignments as myAssignmentsSchema,
  myOffers as myOffersSchema,
  offerParams,
  swapCounts as swapCountsSchema,
  swapDealDto,
  swapHistory,
  swapOfferDto,
  swapOfferEdit,
  swapOfferInput,
} from "../../../common/schemas/swaps.ts";
import { profiles, shiftAssignments, shifts, swapOffers, user } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError, forbidden } from "../../platform/errors.ts";
import { nameOf } from "../../platform/people.ts";
import { authenticate, requireFeature, signedIn } from "../../platform/pipeline.ts";
import { viewerOf } from "../../platform/viewer.ts";
import { may } from "../../policies/index.ts";
import { deptIdOf, loadOffer, type SwapLoaders } from "./access.ts";
import { runAutoMatch } from "./automatch.ts";
import { acceptDeal, decideDeal, declineDeal, proposeDeal, withdrawDeal } from "./deals.ts";
import {
  approvalDeals,
  history,
  market,
  myAssignments,
  myOffers,
  swapCounts,
  waitingDeals,
} from "./lists.ts";
import type { Notify } from "./notify.ts";
import { cancelOffer, createOffer, editOffer } from "./offers.ts";
import { presentDealById, presentOfferById } from "./present.ts";

const tags = ["swaps"];

export function swapRoutes(app: FastifyInstance, ctx: AppContext, load: SwapLoaders, notify: Notify) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [requireFeature(ctx, "swaps")];
  const preValidation = [authenticate(ctx)];
  const deps = { ctx, notify };
  /** The department the route authorized. */
  const deptOf = (request: FastifyRequest) => deptIdOf(request, signedIn(request).actor)!;
  const me = (request: FastifyRequest) => signedIn(request).actor.userId;
  const offerOut = (request: FastifyRequest, offerId: string) =>
    presentOfferById(ctx.db, viewerOf(ctx, request), offerId);
  const dealOut = (request: FastifyRequest, dealId: string) =>
    presentDealById(ctx.db, viewerOf(ctx, request), dealId);

  r.get(
    "/api/swaps/offers/mine",
    {
      schema: { tags, response: { 200: myOffersSchema } },
      config: { action: "swapOffer.list" },
      onRequest,
      preValidation,
      preHandler: [load.inDepartment],
    },
    async (request) => myOffers(ctx.db, viewerOf(ctx, request), deptOf(request)),
  );

  r.get(
    "/api/swaps/market",
    {
      schema: { tags, querystring: marketQuery, response: { 200: marketPage } },
      config: { action: "swapOffer.list" },
      onRequest,
      preValidation,
      preHandler: [load.inDepartment],
    },
    async (request) =>
      market(ctx.db, viewerOf(ctx, request), deptOf(request), request.query, ctx.config.minRestHours),
  );

  r.get(
    "/api/swaps/assignments",
    {
      schema: { tags, querystring: myAssignmentsQuery, response: { 200: myAssignmentsSchema } },
      config: { action: "swapOffer.list" },
      onRequest,
      preValidation,
      preHandler: [load.inDepartment],
    },
    async (request) => {
      const forOffer = request.query.forOffer;
      // With `forOffer`: an offer I may see, else 404 like a missing one.
      if (forOffer) {
        const seen = await loadOffer(ctx.db, forOffer);
        if (!seen || !may(signedIn(request).actor, "swapOffer.read", seen, ctx.policyEnv))
          throw new AppError(404, "swap_offer_not_found");
      }
      const offer = forOffer ? await offerShiftOf(ctx, forOffer) : null;
      return myAssignments(ctx.db, viewerOf(ctx, request), deptOf(request), ctx.config.minRestHours, offer);
    },
  );

  r.post(
    "/api/swaps/offers",
    {
      schema: { tags, body: swapOfferInput, response: { 201: swapOfferDto } },
      config: { action: "swapOffer.create" },
      onRequest,
      preValidation,
      preHandler: [load.createIn],
    },
    async (request, reply) => {
      const id = await createOffer(ctx, me(request), deptOf(request), request.body);
      return reply.status(201).send(await offerOut(request, id));
    },
  );

  r.patch(
    "/api/swaps/offers/:offerId",
    {
      schema: { tags, params: offerParams, body: swapOfferEdit, response: { 200: swapOfferDto } },
      config: { action: "swapOffer.edit" },
      onRequest,
      preValidation,
      preHandler: load.editOffer,
    },
    async (request) => {
      await editOffer(ctx, request.params.offerId, request.body);
      return offerOut(request, request.params.offerId);
    },
  );

  r.post(
    "/api/swaps/offers/:offerId/cancel",
    {
      schema: { tags, params: offerParams, response: { 200: swapOfferDto } },
      config: { action: "swapOffer.cancel" },
      onRequest,
      preValidation,
      preHandler: load.cancelOffer,
    },
    async (request) => {
      await cancelOffer(ctx, notify, request.params.offerId);
      return offerOut(request, request.params.offerId);
    },
  );

  // 'Foreslå bytte' / 'Meld interesse'
  r.post(
    "/api/swaps/offers/:offerId/deals",
    {
      schema: { tags, params: offerParams, body: dealInput, response: { 201: swapDealDto } },
      config: { action: "swapOffer.propose" },
      onRequest,
      preValidation,
      preHandler: load.proposeOn,
    },
    async (request, reply) => {
      const id = await proposeDeal(deps, me(request), request.params.offerId, request.body.assignmentId);
      return reply.status(201).send(await dealOut(request, id));
    },
  );

  r.get(
    "/api/swaps/deals",
    {
      schema: { tags, querystring: dealListQuery, response: { 200: dealList } },
      config: { action: "swapOffer.list" },
      onRequest,
      preValidation,
      preHandler: [load.inDepartment],
    },
    async (request) => {
      const v = viewerOf(ctx, request);
      if (request.query.view === "waiting") return waitingDeals(ctx.db, v, deptOf(request));
      const dept = { type: "department" as const, id: deptOf(request) };
      if (!may(v.actor, "swapDeal.listApproval", dept, v.env)) throw forbidden();
      return approvalDeals(ctx.db, v, dept.id);
    },
  );

  const dealStep = (
    path: string,
    action: "swapDeal.answer" | "swapDeal.withdraw",
    preHandler: typeof load.answerDeal,
    run: (dealId: string) => Promise<void>,
  ) =>
    r.post(
      `/api/swaps/deals/:dealId/${path}`,
      {
        schema: { tags, params: dealParams, response: { 200: swapDealDto } },
        config: { action },
        onRequest,
        preValidation,
        preHandler,
      },
      async (request) => {
        await run(request.params.dealId);
        return dealOut(request, request.params.dealId);
      },
    );
  dealStep("accept", "swapDeal.answer", load.answerDeal, (id) => acceptDeal(deps, id));
  dealStep("decline", "swapDeal.answer", load.answerDeal, (id) => declineDeal(deps, id));
  dealStep("withdraw", "swapDeal.withdraw", load.withdrawDeal, (id) => withdrawDeal(deps, id));

  for (const [path, approve] of [
    ["approve", true],
    ["reject", false],
  ] as const)
    r.post(
      `/api/swaps/deals/:dealId/${path}`,
      {
        schema: { tags, params: dealParams, body: decisionInput, response: { 200: swapDealDto } },
        config: { action: "swapDeal.approve" },
        onRequest,
        preValidation,
        preHandler: load.decideDeal,
      },
      async (request) => {
        await decideDeal(deps, me(request), request.params.dealId, { approve, note: request.body.note });
        return dealOut(request, request.params.dealId);
      },
    );

  r.get(
    "/api/swaps/history",
    {
      schema: { tags, response: { 200: swapHistory } },
      config: { action: "swapOffer.list" },
      onRequest,
      preValidation,
      preHandler: [load.inDepartment],
    },
    async (request) => history(ctx.db, viewerOf(ctx, request), deptOf(request)),
  );

  r.get(
    "/api/swaps/counts",
    {
      schema: { tags, response: { 200: swapCountsSchema } },
      config: { action: "swapOffer.list" },
      onRequest,
      preValidation,
      preHandler: [load.inDepartment],
    },
    async (request) => swapCounts(ctx.db, viewerOf(ctx, request), deptOf(request)),
  );

  r.post(
    "/api/swaps/automatch",
    {
      schema: { tags, body: autoMatchInput, response: { 200: autoMatchResponse } },
      config: { action: "swap.automatch" },
      onRequest: [...onRequest, requireFeature(ctx, "swapsAutomatch")],
      preValidation,
      preHandler: [load.automatchIn],
    },
    async (request) => ({ created: await runAutoMatch(ctx, notify, deptOf(request)) }),
  );
}

/** The offered shift and its owner, for judging my assignments against it. */
async function offerShiftOf(ctx: AppContext, offerId: string) {
  const [row] = await ctx.db
    .select({
      ownerId: swapOffers.ownerId,
      ownerName: nameOf(user, profiles),
      shiftId: shifts.id,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
    })
    .from(swapOffers)
    .innerJoin(shiftAssignments, eq(shiftAssignments.id, swapOffers.fromAssignmentId))
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .innerJoin(user, eq(user.id, swapOffers.ownerId))
    .leftJoin(profiles, eq(profiles.userId, swapOffers.ownerId))
    .where(eq(swapOffers.id, offerId));
  if (!row) throw new AppError(404, "swap_offer_not_found");
  return row;
}
