import { describe, expect, it } from "vitest";
import {
  type NotificationDto,
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
};

/** A notification of each type, checked by the API's own schema. */
const of = (type: (typeof notificationTypes)[number]): NotificationDto =>
  notificationDto.parse({
    id: ids.published,
    type,
    payload: type.startsWith("swap_")
      ? payloads.swap
      : type.startsWith("shift_")
        ? payloads.shift
        : payloads.broadcast,
    createdAt: new Date().toISOString(),
    readAt: null,
  });

describe("what the bell shows of each type", () => {
  it("gives all 19 types an icon, a heading and a Norwegian text", () => {
    // The spec's 15, and 4 for swap deals that end without a leader.
    expect(notificationTypes).toHaveLength(19);
    const headings = new Set<string>();
    for (const type of notificationTypes) {
      const view = viewOf(of(type));
      expect(view.icon, type).toBeTruthy();
      expect(view.heading, type).toMatch(/\S/);
      expect(view.text, type).toMatch(/\S/);
      headings.add(`${view.kind ?? ""}${view.heading}`);
    }
    // Shift and swap items name the shift by its title and start, in Oslo (summer time here).
    for (const type of notificationTypes.filter((t) => /^(shift|swap)_/.test(t)))
      expect(viewOf(of(type)).text, type).toContain("Dagvakt (01.07.2030 07:00)");
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
});
