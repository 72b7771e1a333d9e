/**
 * Shift swaps (decisions.md § Readings: swaps, private offers; § Swaps). Private offers
 * are their owner's (and visible to the leaders once a deal on them waits for
 * approval); department offers are the department's. A deal is its two parties' and,
 * for approval, the department's leaders', who never approve a deal they are part of.
 */
import { type Actor, activeIn, allow, isAdmin, leadsOrAdmins } from "./policy.ts";
import type { SwapDealResource } from "./resources.ts";

const isParty = (actor: Actor, deal: SwapDealResource) =>
  deal.ownerId === actor.userId || deal.proposerId === actor.userId;

allow("swapOffer.list", (actor, dept) => activeIn(actor, dept.id));

allow(
  "swapOffer.read",
  (actor, offer) =>
    (offer.ownerId === actor.userId && activeIn(actor, offer.deptId)) ||
    (offer.visibility === "dept" && activeIn(actor, offer.deptId)) ||
    (offer.awaitingLeader && leadsOrAdmins(actor, offer.deptId)),
  { refusal: "hide" },
);

allow("swapOffer.create", (actor, dept) => activeIn(actor, dept.id));
allow(
  "swapOffer.edit",
  (actor, offer) =>
    offer.status === "open" && offer.ownerId === actor.userId && activeIn(actor, offer.deptId),
);
allow(
  "swapOffer.cancel",
  (actor, offer) =>
    offer.status === "open" && offer.ownerId === actor.userId && activeIn(actor, offer.deptId),
);
// 'Foreslå bytte' / 'Meld interesse': on someone else's open department offer.
allow(
  "swapOffer.propose",
  (actor, offer) =>
    offer.status === "open" &&
    offer.visibility === "dept" &&
    offer.ownerId !== actor.userId &&
    activeIn(actor, offer.deptId),
);

allow(
  "swapDeal.read",
  (actor, deal) =>
    (isParty(actor, deal) && activeIn(actor, deal.deptId)) || leadsOrAdmins(actor, deal.deptId),
  { refusal: "hide" },
);
// The offer's owner accepts or declines first.
allow(
  "swapDeal.answer",
  (actor, deal) =>
    deal.status === "waiting_owner" && deal.ownerId === actor.userId && activeIn(actor, deal.deptId),
);
// 'Trekk tilbake': the proposer, while it waits.
allow(
  "swapDeal.withdraw",
  (actor, deal) =>
    (deal.status === "waiting_owner" || deal.status === "waiting_leader") && deal.proposerId === actor.userId,
);
allow(
  "swapDeal.approve",
  (actor, deal) =>
    deal.status === "waiting_leader" && leadsOrAdmins(actor, deal.deptId) && !isParty(actor, deal),
);

// The leaders' queue on /shifts/swaps/admin.
allow("swapDeal.listApproval", (actor, dept) => leadsOrAdmins(actor, dept.id));

allow(
  "swap.automatch",
  (actor, dept) => leadsOrAdmins(actor, dept.id) && (activeIn(actor, dept.id) || isAdmin(actor)),
);
