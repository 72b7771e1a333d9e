import { describe } from "vitest";
import { me, no, ownOnly, someoneElse, table, yes } from "./matrix.test-support.ts";
import type { SwapDealResource, SwapDealStatus, SwapOfferResource } from "./resources.ts";

const third = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const offer =
  (o: Partial<SwapOfferResource> = {}) =>
  (deptId: string): SwapOfferResource => ({
    type: "swapOffer",
    id: "o",
    deptId,
    ownerId: someoneElse,
    visibility: "dept",
    status: "open",
    awaitingLeader: false,
    ...o,
  });
const deal =
  (status: SwapDealStatus, ownerId = someoneElse, proposerId = third) =>
  (deptId: string): SwapDealResource => ({ type: "swapDeal", id: "d", deptId, ownerId, proposerId, status });
const dept = (id: string) => ({ type: "department" as const, id });

const managers = { admin: yes, leader: ownOnly, staff: no, inactive: no, none: no };
const activeStaff = { admin: ownOnly, leader: ownOnly, staff: ownOnly, inactive: no, none: no };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };

describe("policies: swap offers", () => {
  table("swapOffer.list", "the department's market", dept, activeStaff);
  table("swapOffer.read", "department offer", offer(), activeStaff);
  table("swapOffer.read", "my private offer", offer({ ownerId: me, visibility: "private" }), activeStaff);
  table("swapOffer.read", "someone's private offer", offer({ visibility: "private" }), nobody);
  table(
    "swapOffer.read",
    "someone's private offer awaiting a leader",
    offer({ visibility: "private", awaitingLeader: true }),
    managers,
  );
  table("swapOffer.create", "in the department", dept, activeStaff);
  for (const action of ["swapOffer.edit", "swapOffer.cancel"] as const) {
    table(action, "my open offer", offer({ ownerId: me }), activeStaff);
    table(action, "someone's open offer", offer(), nobody);
    table(action, "my matched offer", offer({ ownerId: me, status: "matched" }), nobody);
  }
  table("swapOffer.propose", "someone's department offer", offer(), activeStaff);
  table("swapOffer.propose", "my own offer", offer({ ownerId: me }), nobody);
  table("swapOffer.propose", "someone's private offer", offer({ visibility: "private" }), nobody);
  table("swapOffer.propose", "a cancelled offer", offer({ status: "cancelled" }), nobody);
  table("swap.automatch", "leaders and admins", dept, managers);
});

describe("policies: swap deals", () => {
  table("swapDeal.read", "a deal I proposed", deal("waiting_owner", someoneElse, me), {
    admin: yes,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });
  table("swapDeal.read", "others' deal", deal("waiting_owner"), managers);
  table("swapDeal.answer", "waiting for me as owner", deal("waiting_owner", me), activeStaff);
  table("swapDeal.answer", "waiting for a leader", deal("waiting_leader", me), nobody);
  table("swapDeal.answer", "others' deal", deal("waiting_owner"), nobody);
  table("swapDeal.withdraw", "my waiting proposal", deal("waiting_leader", someoneElse, me), yes_all());
  table("swapDeal.withdraw", "my approved proposal", deal("approved", someoneElse, me), nobody);
  table("swapDeal.withdraw", "someone's proposal", deal("waiting_owner"), nobody);
  table("swapDeal.approve", "others' deal waiting for a leader", deal("waiting_leader"), managers);
  // A leader never approves a deal they are part of.
  table("swapDeal.approve", "a deal I am part of", deal("waiting_leader", me), nobody);
  table("swapDeal.approve", "a deal still waiting for its owner", deal("waiting_owner"), nobody);
  table("swapDeal.listApproval", "the department's queue", dept, managers);
});

/** Withdrawing one's own proposal does not depend on the department (a deactivated person's deals close otherwise). */
function yes_all() {
  return { admin: yes, leader: yes, staff: yes, inactive: yes, none: yes };
}
