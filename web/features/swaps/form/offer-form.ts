/**
 * The fields of 'Opprett tilbud' and 'Rediger vaktilbud' (spec §5 Create swap offer,
 * Edit offer): one shape for both, so the wishes and switches are one component. The
 * edit dialog leaves the shift fields alone.
 */
import type { UseFormRegister } from "react-hook-form";
import { z } from "zod";
import { formatNorwegianDate, parseNorwegianDate } from "../../../../common/domain/norwegian-date.ts";
import {
  type OfferVisibility,
  type SwapOfferDto,
  type SwapOfferEdit,
  type SwapOfferInput,
  type SwapShiftTitle,
  swapLocations,
  swapShiftTitles,
  type TimeTag,
} from "../../../../common/schemas/swaps.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";

/** What the fields hold: the dates as typed, dd.mm.åååå ("" for none). */
export interface OfferFormFields {
  source: "assignment" | "describe";
  assignmentId: string;
  title: string;
  startDate: string;
  endDate: string;
  /** "" is a whole day */
  startHour: string;
  endHour: string;
  location: string;
  wantDateFrom: string;
  wantDateTo: string;
  wantTimeTags: TimeTag[];
  wantWeekdays: number[];
  requireSwap: boolean;
  autoMatch: boolean;
  visibility: OfferVisibility;
}

/** A registered input of the form, tied to its alert (`useSchemaForm`'s `field`). */
export type OfferField = (name: keyof OfferFormFields) => ReturnType<UseFormRegister<OfferFormFields>> & {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

export const emptyOffer = (source: OfferFormFields["source"]): OfferFormFields => ({
  source,
  assignmentId: "",
  title: "",
  startDate: "",
  endDate: "",
  startHour: "",
  endHour: "",
  location: "",
  wantDateFrom: "",
  wantDateTo: "",
  wantTimeTags: [],
  wantWeekdays: [],
  requireSwap: true,
  autoMatch: false,
  // The department, not the spec's 'private': an offer only colleagues can answer is
  // made to be seen (decisions.md § Swaps).
  visibility: "dept",
});

export const offerFields = (offer: SwapOfferDto): OfferFormFields => ({
  ...emptyOffer("assignment"),
  wantDateFrom: offer.wantDateFrom ? formatNorwegianDate(offer.wantDateFrom) : "",
  wantDateTo: offer.wantDateTo ? formatNorwegianDate(offer.wantDateTo) : "",
  wantTimeTags: offer.wantTimeTags,
  wantWeekdays: offer.wantWeekdays,
  requireSwap: offer.requireSwap,
  autoMatch: offer.autoMatch,
  visibility: offer.visibility,
});

/** The usual hours of a title, filled in when it is chosen; a night ends the next day. */
export const usualHours: Partial<Record<SwapShiftTitle, [number, number]>> = {
  dagvakt: [7, 15],
  kveldsvakt: [15, 23],
  nattevakt: [23, 7],
};

/** The Oslo date after `date` (yyyy-mm-dd). */
export function nextDate(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A described shift without its title or dates: the button stays off, Enter gets a toast. */
export const missingRequired = (v: OfferFormFields) =>
  v.source === "describe" ? !v.title || !v.startDate || !v.endDate : !v.assignmentId;

/** Where the server's refusals belong in the form. */
export const offerErrorFields: Partial<Record<string, keyof OfferFormFields>> = {
  swap_required_fields: "title",
  swap_end_not_after_start: "endDate",
  swap_shift_too_long: "endDate",
  swap_wish_dates: "wantDateTo",
  swap_assignment_not_found: "assignmentId",
  swap_offer_exists: "assignmentId",
  swap_shift_started: "startDate",
};

const hour = (v: string) => (v === "" ? undefined : Number(v));
const isTitle = (v: string): v is SwapShiftTitle => (swapShiftTitles as readonly string[]).includes(v);
const isLocation = (v: string): v is (typeof swapLocations)[number] =>
  (swapLocations as readonly string[]).includes(v);

const fieldsSchema = z.custom<OfferFormFields>();

/**
 * The wishes and switches as the API takes them; auto-match only when the brand has it
 * on. A give-away wishes for nothing: wishes typed before choosing 'Gi bort' are dropped.
 */
function options(v: OfferFormFields, automatch: boolean): SwapOfferEdit {
  const swap = v.requireSwap;
  return {
    wantDateFrom: (swap && parseNorwegianDate(v.wantDateFrom)) || null,
    wantDateTo: (swap && parseNorwegianDate(v.wantDateTo)) || null,
    wantTimeTags: swap ? v.wantTimeTags : [],
    wantWeekdays: swap ? v.wantWeekdays : [],
    requireSwap: swap,
    autoMatch: swap && automatch && v.autoMatch,
    visibility: v.visibility,
  };
}

function wishDatesWrong(v: OfferFormFields) {
  const from = parseNorwegianDate(v.wantDateFrom);
  const to = parseNorwegianDate(v.wantDateTo);
  return v.requireSwap && from && to && to < from;
}

type DateName = "startDate" | "endDate" | "wantDateFrom" | "wantDateTo";

/** The date fields that count: the shift's when it is described, the wishes for a swap. */
const datesOf = (v: OfferFormFields): DateName[] => [
  ...(v.source === "describe" ? (["startDate", "endDate"] as const) : []),
  ...(v.requireSwap ? (["wantDateFrom", "wantDateTo"] as const) : []),
];

/** Text in a date field that is no date gets the shift form's words: dd.mm.åååå. */
function checkDates(v: OfferFormFields, ctx: z.RefinementCtx) {
  for (const name of datesOf(v))
    if (v[name].trim() !== "" && !parseNorwegianDate(v[name]))
      ctx.addIssue({ code: "custom", message: errorMessages.shift_date_invalid, path: [name] });
}

/** A date the schema has checked, as the API takes it (yyyy-mm-dd). */
const iso = (typed: string) => parseNorwegianDate(typed) ?? "";

export const editOfferSchema = (automatch: boolean) =>
  fieldsSchema
    .superRefine(checkDates)
    .refine((v) => !wishDatesWrong(v), { message: errorMessages.swap_wish_dates, path: ["wantDateTo"] })
    .transform((v) => options(v, automatch));

export const createOfferSchema = (automatch: boolean) =>
  fieldsSchema
    .refine((v) => v.source !== "describe" || !missingRequired(v), {
      message: ui.swaps.create.requiredBody,
      path: ["title"],
    })
    .refine((v) => v.source !== "assignment" || !missingRequired(v), {
      message: ui.swaps.create.assignmentRequired,
      path: ["assignmentId"],
    })
    .superRefine(checkDates)
    .refine((v) => !wishDatesWrong(v), { message: errorMessages.swap_wish_dates, path: ["wantDateTo"] })
    .transform((v): SwapOfferInput => {
      const { autoMatch, ...rest } = options(v, automatch);
      // Spec §5: auto_match is sent only when the brand has auto-match on.
      const wishes = automatch ? { ...rest, autoMatch } : rest;
      if (v.source === "assignment") return { assignmentId: v.assignmentId, ...wishes };
      return {
        shift: {
          ...(isTitle(v.title) && { title: v.title }),
          startDate: iso(v.startDate),
          endDate: iso(v.endDate),
          startHour: hour(v.startHour),
          endHour: hour(v.endHour),
          ...(isLocation(v.location) && { location: v.location }),
        },
        ...wishes,
      };
    });
