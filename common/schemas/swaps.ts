/**
 * The swap API (spec §2 Swaps, §3 swap_offers / swap_deals / market item, §4, §5 Create
 * swap offer / Edit offer / Propose swap / Swap filters, §7; decisions.md § Readings:
 * swaps, private offers, and § Swaps). One contract for the server's validation, OpenAPI
 * and the web app's parsing.
 *
 * An offer gives away one of my future assignments, asking for one of theirs in return
 * (`requireSwap`) or not (a give-away). Someone else's answer to it is a deal: a proposal
 * ('Foreslå bytte', their assignment in exchange) or a claim ('Meld interesse'). A deal
 * waits for the offer's owner, then for the department's leaders; auto-match deals go to
 * the leaders directly. Offers and deals carry `can`: what the caller may do with them,
 * decided by the server's policies, so buttons never guess.
 */
import { z } from "zod";
import { swapLimits } from "../base/limits.ts";
import { isOsloDate } from "../domain/oslo-time.ts";
import { dealStatuses, offerStatuses, swapShiftTitles, timeTags } from "../domain/swap-terms.ts";
import { personRef } from "./shifts.ts";

export {
  type DealStatus,
  dealStatuses,
  type OfferStatus,
  offerStatuses,
  type SwapShiftTitle,
  swapShiftTitles,
  type TimeTag,
  timeTags,
} from "../domain/swap-terms.ts";

/** Spec §5: where a described shift is. */
export const swapLocations = [
  "akutten",
  "intensiv",
  "kirurgi",
  "anestesi",
  "medisin",
  "pediatri",
  "ortopedi",
] as const;

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const weekday = z.number().int().min(1).max(7);

export const offerVisibilities = ["private", "dept"] as const;
export type OfferVisibility = (typeof offerVisibilities)[number];

/** How a deal came about: 'Foreslå bytte', 'Meld interesse', or auto-match. */
export const dealSources = ["proposal", "claim", "auto"] as const;
export type DealSource = (typeof dealSources)[number];

const instant = z.iso.datetime({ offset: true });
const osloDate = z.string().refine(isOsloDate, "Ugyldig dato");
const hour = z.number().int().min(0).max(23);

export const offerParams = z.object({ offerId: z.uuid() });
export const dealParams = z.object({ dealId: z.uuid() });

/**
 * What I wish for in return (and, for auto-match, what the other shift must fit): a date
 * range (either end optional), time tags and weekdays (empty: any).
 */
export const swapWishes = z.object({
  wantDateFrom: osloDate.nullable().default(null),
  wantDateTo: osloDate.nullable().default(null),
  wantTimeTags: z.array(z.enum(timeTags)).max(timeTags.length).default([]),
  wantWeekdays: z.array(weekday).max(7).default([]),
});
export type SwapWishes = z.infer<typeof swapWishes>;

/**
 * A shift described with the offer ('Opprett tilbud' without picking an assignment): it
 * becomes a roster shift and my assignment to it, in the offer's transaction. Without
 * times the dates are whole days (the dialog fills the title's usual hours in).
 * Missing title or dates answer 422 `swap_required_fields` ('Fyll ut påkrevde felter').
 */
export const describedShift = z.object({
  title: z.enum(swapShiftTitles).optional(),
  startDate: osloDate.optional(),
  endDate: osloDate.optional(),
  startHour: hour.optional(),
  endHour: hour.optional(),
  location: z.enum(swapLocations).optional(),
});
export type DescribedShift = z.infer<typeof describedShift>;

/** 'Opprett tilbud': one of my future assignments, or a described shift. */
export const swapOfferInput = z
  .object({
    assignmentId: z.uuid().optional(),
    shift: describedShift.optional(),
    requireSwap: z.boolean().default(true),
    /** sent only when the brand's `swapsAutomatch` is on; refused (422) otherwise */
    autoMatch: z.boolean().default(false),
    visibility: z.enum(offerVisibilities).default("private"),
    /** the department, needed when the person works in several; default: the current one */
    deptId: z.uuid().optional(),
  })
  .extend(swapWishes.shape)
  .refine((v) => (v.assignmentId === undefined) !== (v.shift === undefined), {
    message: "Velg en vakt eller beskriv en",
    path: ["assignmentId"],
  });
export type SwapOfferInput = z.input<typeof swapOfferInput>;

/** 'Rediger vaktilbud': the wishes and the switches; the shift stays. */
export const swapOfferEdit = swapWishes.extend({
  requireSwap: z.boolean(),
  autoMatch: z.boolean(),
  visibility: z.enum(offerVisibilities),
});
export type SwapOfferEdit = z.input<typeof swapOfferEdit>;

/** A shift as offers and deals show it. Title and place may be missing on old data. */
export const swapShift = z.object({
  shiftId: z.uuid(),
  assignmentId: z.uuid(),
  title: z.string(),
  location: z.string().nullable(),
  startsAt: instant,
  endsAt: instant,
  /** dag / kveld / natt / helg, from its Oslo start (`domain/swap-match.ts`) */
  timeTags: z.array(z.enum(timeTags)),
});
export type SwapShift = z.infer<typeof swapShift>;

export const offerAbilities = z.object({
  edit: z.boolean(),
  cancel: z.boolean(),
  /** 'Foreslå bytte' (swap-required offers of others) */
  propose: z.boolean(),
  /** 'Meld interesse' (give-aways of others) */
  claim: z.boolean(),
});

export const swapOfferDto = z.object({
  id: z.uuid(),
  deptId: z.uuid(),
  owner: personRef,
  /** spec §3 market item: requester_initials */
  ownerInitials: z.string(),
  /** null when the offered assignment is gone ('Dato ikke tilgjengelig') */
  shift: swapShift.nullable(),
  requireSwap: z.boolean(),
  autoMatch: z.boolean(),
  visibility: z.enum(offerVisibilities),
  status: z.enum(offerStatuses),
  ...swapWishes.shape,
  createdAt: instant,
  updatedAt: instant,
  /** deals on it that wait (for the owner or a leader); on my own offers */
  waitingDeals: z.number().int().nonnegative(),
  /**
   * Why I could not take this shift (overlap, rest), in Norwegian; null when I could or
   * it is mine. The market shows it and keeps 'Meld interesse' from being sent.
   */
  blockedReason: z.string().nullable(),
  /** I already have a deal waiting on it */
  myDealId: z.uuid().nullable(),
  can: offerAbilities,
});
export type SwapOfferDto = z.infer<typeof swapOfferDto>;

/** 'Mine tilbud': all my offers in the department, newest first. */
export const myOffers = z.object({ offers: z.array(swapOfferDto) });

/** 'På markedet': open department offers of others, 50 a page, soonest shift first. */
export const marketQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(swapLimits.marketPage).default(swapLimits.marketPage),
});
export const marketPage = z.object({
  offers: z.array(swapOfferDto),
  /** the offset of the next page, null at the end */
  nextOffset: z.number().int().nonnegative().nullable(),
});
export type MarketPage = z.infer<typeof marketPage>;

/** One of my future assignments, for 'Opprett tilbud' and 'Foreslå bytte'. */
export const myAssignment = swapShift.extend({
  /** an open offer of mine on it already (one open offer per assignment) */
  openOfferId: z.uuid().nullable(),
  /** with `forOffer`: why giving this one for that offer's shift would break overlap or rest; else null */
  blockedReason: z.string().nullable(),
});
export type MyAssignment = z.infer<typeof myAssignment>;
export const myAssignmentsQuery = z.object({ forOffer: z.uuid().optional() });
export const myAssignments = z.object({ assignments: z.array(myAssignment) });

/** 'Foreslå bytte' (my assignment in exchange) or 'Meld interesse' (none, on a give-away). */
export const dealInput = z.object({ assignmentId: z.uuid().optional() });

export const dealAbilities = z.object({
  /** 'Godta' / 'Avslå': the offer's owner, while it waits for them */
  answer: z.boolean(),
  /** 'Trekk tilbake': the proposer, while it waits */
  withdraw: z.boolean(),
  /** 'Godkjent' / 'Avslått': a leader of the department who is no party to it */
  decide: z.boolean(),
});

export const swapDealDto = z.object({
  id: z.uuid(),
  offerId: z.uuid(),
  deptId: z.uuid(),
  status: z.enum(dealStatuses),
  source: z.enum(dealSources),
  /** the offer's owner, and the shift they give */
  owner: personRef,
  ownerShift: swapShift.nullable(),
  /** who proposed or claimed, and the shift they give (null on a give-away) */
  proposer: personRef,
  proposerShift: swapShift.nullable(),
  createdAt: instant,
  /** when the owner accepted (or declined) */
  answeredAt: instant.nullable(),
  decidedAt: instant.nullable(),
  decidedBy: personRef.nullable(),
  /** why it ended, in Norwegian (a competing deal approved, the offer cancelled, …) */
  note: z.string().nullable(),
  can: dealAbilities,
});
export type SwapDealDto = z.infer<typeof swapDealDto>;

/**
 * 'Venter svar' (`waiting`: deals of mine that wait for me, the other person or a
 * leader) and the leaders' queue on /shifts/swaps/admin (`approval`: deals of the
 * department waiting for a leader).
 */
export const dealViews = ["waiting", "approval"] as const;
export const dealListQuery = z.object({ view: z.enum(dealViews), deptId: z.uuid().optional() });
export const dealList = z.object({ deals: z.array(swapDealDto) });

/** 'Godkjent' / 'Avslått' by a leader, with an optional note. */
export const decisionInput = z.object({
  note: z.string().trim().max(swapLimits.noteMaxLength).optional(),
});

/** 'Historikk': my decided deals and my cancelled offers, newest first. */
export const historyItem = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("deal"), at: instant, deal: swapDealDto }),
  z.object({ kind: z.literal("offer"), at: instant, offer: swapOfferDto }),
]);
export type HistoryItem = z.infer<typeof historyItem>;
export const swapHistory = z.object({ items: z.array(historyItem) });

/** 'Auto-match': how many deals it proposed ('{n} nye matches opprettet'). */
export const autoMatchInput = z.object({ deptId: z.uuid().optional() });
export const autoMatchResponse = z.object({ created: z.number().int().nonnegative() });

/**
 * The live counts of my current department: open department offers (the mobile
 * header's 'Bytte'), and what waits for me (the sidebar's 'Byttevakt': answers I owe,
 * and for leaders deals waiting for approval).
 */
export const swapCounts = z.object({
  market: z.number().int().nonnegative(),
  waitingForMe: z.number().int().nonnegative(),
});
export type SwapCounts = z.infer<typeof swapCounts>;
