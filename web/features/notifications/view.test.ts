import { describe, expect, it } from "vitest";
import {
  type NotificationDto,
  type NotificationTarget,
  notificationDto,
  notificationTypes,
} from "../../../common/schemas/notifications.ts";
import { ids } from "./fixtures.test-support.ts";
import { viewOf } from "./view.ts";

const shiftPayload = { shiftId: ids.shift, title: "Dagvakt", startsAt: "2030-07-01T05:00:00.000Z" };
const payloads = {
  shift: shiftPayload,
  swap: { ...shiftPayload, offerId: ids.offer, dealId: ids.deal },
  broadcast: { title: "Beskjed", description: "Les denne.", sentFrom: "admin_panel" },
  urgent: { threadId: ids.shift, messageId: ids.offer, threadKind: "department" },
};

/** A notification of each type, checked by the API's own schema. */
const of = (type: (typeof notificationTypes)[number]): NotificationDto =>
  notificationDto.parse({
    id: ids.published,
    type,
    payload: type.startsWith("urgent_")
      ? type === "urgent_message"
        ? payloads.urgent
        : { ...payloads.urgent, missing: 1 }
      : type.startsWith("swap_")
        ? payloads.swap
        : type.startsWith("shift_")
          ? payloads.shift
          : payloads.broadcast,
    createdAt: new Date().toISOString(),
    readAt: null,
  });

describe("what the bell shows of each type", () => {
  it("gives all 21 types an icon, a heading and a Norwegian text", () => {
    // The spec's 15, 4 for swap deals that end without a leader, 2 for urgent messages.
    expect(notificationTypes).toHaveLength(21);
    const headings = new Set<string>();
    for (const type of notificationTypes) {
      const view = viewOf(of(type));
      expect(view.icon, type).toBeTruthy();
      expect(view.heading, type).toMatch(/\S/);
      expect(view.text, type).toMatch(/\S/);
      headings.add(`${view.kind ?? ""}${view.heading}`);
    }
    // Shift and swap items name the shift as its card does, in Oslo (summer time here); its
    // start alone when the list does not know the shift's times.
    for (const type of notificationTypes.filter((t) => /^(shift|swap)_/.test(t)))
      expect(viewOf(of(type)).text, type).toContain("«Dagvakt» man. 01.07 · 07:00");
  });

  it("shows a broadcast's own title and description under its kind", () => {
    expect(viewOf(of("alert"))).toMatchObject({
      heading: "Beskjed",
      kind: "Viktig varsel",
      text: "Les denne.",
    });
    expect(viewOf(of("announcement")).kind).toBe("Kunngjøring");
  });

  it("leads outcome items to the outcome, and swap items to Vaktbytte", () => {
    const to = (type: (typeof notificationTypes)[number]) => viewOf(of(type)).link?.to;
    for (const type of ["shift_won", "shift_awarded", "shift_assigned_winner"] as const)
      expect(to(type)).toBe(`/shifts/assigned?outcome=${ids.shift}`);
    for (const type of ["shift_awarded_other", "shift_assigned_closed"] as const)
      expect(to(type)).toBe(`/shifts/open?outcome=${ids.shift}`);
    expect(to("swap_ready_for_leader")).toBe("/shifts/swaps/admin");
    for (const type of [
      "swap_rejected",
      "swap_declined",
      "swap_withdrawn",
      "swap_cancelled",
      "swap_closed",
    ] as const)
      expect(to(type)).toBe("/shifts/swaps");
    expect(to("shift_published")).toBeUndefined();
    expect(viewOf(of("shift_published")).interestIn).toBe(ids.shift);
    expect(to("info")).toBeUndefined();
  });

  describe("follows what the notice points to now", () => {
    const target = (over: Partial<NotificationTarget> = {}): NotificationTarget => ({
      shiftStatus: "open",
      startsAt: "2030-07-01T05:00:00.000Z",
      endsAt: "2030-07-01T13:00:00.000Z",
      dealStatus: null,
      answered: false,
      can: { interest: true, viewOutcome: false },
      ...over,
    });
    const withTarget = (type: (typeof notificationTypes)[number], over: Partial<NotificationTarget>) =>
      viewOf({ ...of(type), target: target(over) } as NotificationDto);

    it("names the shift by its present times, as on its card", () => {
      expect(withTarget("shift_published", {}).text).toBe(
        "«Dagvakt» man. 01.07 · 07:00–15:00 er lagt ut. Meld interesse hvis du kan ta vakten.",
      );
    });

    it("offers 'Jeg er interessert' only on an open shift I may take and have not answered", () => {
      expect(withTarget("shift_published", {})).toMatchObject({ interestIn: ids.shift, state: undefined });
      expect(withTarget("shift_published", { answered: true })).toMatchObject({
        interestIn: undefined,
        state: "Interesse registrert",
      });
      // A leader who runs it.
      expect(
        withTarget("shift_published", { can: { interest: false, viewOutcome: false } }).interestIn,
      ).toBeUndefined();
    });

    it("shows an assigned or closed shift's state, with 'Se tildeling' or nothing", () => {
      const assigned = withTarget("shift_published", {
        shiftStatus: "assigned",
        can: { interest: false, viewOutcome: true },
      });
      expect(assigned).toMatchObject({
        state: "Tildelt",
        interestIn: undefined,
        text: "«Dagvakt» man. 01.07 · 07:00–15:00 ble lagt ut.",
      });
      expect(assigned.link).toEqual({ to: `/shifts/open?outcome=${ids.shift}`, label: "Se tildeling" });
      const notMine = withTarget("shift_published", {
        shiftStatus: "assigned",
        can: { interest: false, viewOutcome: false },
      });
      expect(notMine).toMatchObject({ state: "Tildelt", interestIn: undefined, link: undefined });
      const closed = withTarget("shift_published", {
        shiftStatus: "closed",
        can: { interest: false, viewOutcome: false },
      });
      expect(closed).toMatchObject({ state: "Stengt", interestIn: undefined, link: undefined });
      const gone = withTarget("shift_published", {
        shiftStatus: null,
        startsAt: null,
        endsAt: null,
        can: { interest: false, viewOutcome: false },
      });
      expect(gone).toMatchObject({ interestIn: undefined, link: undefined });
      expect(gone.text).toContain("«Dagvakt» man. 01.07 · 07:00 er lagt ut");
    });

    it("shows where a swap proposal or approval stands once it was decided", () => {
      expect(withTarget("swap_matched_proposed", { dealStatus: "waiting_owner" }).state).toBeUndefined();
      expect(withTarget("swap_matched_proposed", { dealStatus: "waiting_leader" }).state).toBe(
        "Venter på godkjenning fra leder",
      );
      expect(withTarget("swap_matched_proposed", { dealStatus: "withdrawn" }).state).toBe("Trukket tilbake");
      expect(withTarget("swap_ready_for_leader", { dealStatus: "waiting_leader" }).state).toBeUndefined();
      expect(withTarget("swap_ready_for_leader", { dealStatus: "approved" }).state).toBe("Godkjent");
      expect(withTarget("swap_ready_for_leader", { dealStatus: "rejected" }).state).toBe("Avslått");
      // Notices that only tell how it ended say it in their heading already.
      expect(withTarget("swap_approved", { dealStatus: "approved" }).state).toBeUndefined();
    });
  });
});

describe("urgent messages' notices", () => {
  it("lead to the message's thread and say how many role holders are silent", () => {
    expect(viewOf(of("urgent_message"))).toMatchObject({
      heading: "Melding som haster",
      link: { to: "/chat/department" },
    });
    expect(viewOf(of("urgent_unacknowledged"))).toMatchObject({ heading: "Ikke bekreftet" });
  });
});
