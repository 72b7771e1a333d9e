/** Notifications for the bell's component tests, one per kind of item, newest first. */
import type {
  NotificationDto,
  NotificationListResponse,
  NotificationTarget,
} from "../../../common/schemas/notifications.ts";

export const ids = {
  published: "0b6f6c1e-0000-4000-8000-0000000000a1",
  winner: "0b6f6c1e-0000-4000-8000-0000000000a2",
  closed: "0b6f6c1e-0000-4000-8000-0000000000a3",
  maintenance: "0b6f6c1e-0000-4000-8000-0000000000a4",
  swap: "0b6f6c1e-0000-4000-8000-0000000000a5",
  shift: "5a1c0c2e-0000-4000-8000-0000000000b1",
  otherShift: "5a1c0c2e-0000-4000-8000-0000000000b2",
  offer: "5a1c0c2e-0000-4000-8000-0000000000c1",
  deal: "5a1c0c2e-0000-4000-8000-0000000000c2",
} as const;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** 07.01.2030 07:00 in Oslo (winter time). */
const startsAt = "2030-01-07T06:00:00.000Z";

/** An open shift's present state, 07:00–15:00 on the fixtures' day, open to me. */
export const target = (over: Partial<NotificationTarget> = {}): NotificationTarget => ({
  shiftStatus: "open",
  startsAt,
  endsAt: "2030-01-07T14:00:00.000Z",
  dealStatus: null,
  answered: false,
  can: { interest: true, viewOutcome: false },
  ...over,
});

export const published: NotificationDto = {
  id: ids.published,
  type: "shift_published",
  payload: { shiftId: ids.shift, title: "Dagvakt", startsAt },
  createdAt: minutesAgo(2),
  readAt: null,
};

export const winner: NotificationDto = {
  id: ids.winner,
  type: "shift_assigned_winner",
  payload: { shiftId: ids.shift, title: "Nattevakt kirurgi", startsAt },
  createdAt: minutesAgo(30),
  readAt: null,
};

export const closed: NotificationDto = {
  id: ids.closed,
  type: "shift_assigned_closed",
  payload: { shiftId: ids.otherShift, title: "Helgevakt", startsAt },
  createdAt: minutesAgo(60),
  readAt: null,
};

export const maintenance: NotificationDto = {
  id: ids.maintenance,
  type: "maintenance",
  payload: { title: "Nedetid i kveld", description: "Systemet er nede 22–23.", sentFrom: "admin_panel" },
  createdAt: minutesAgo(90),
  readAt: null,
};

export const swap: NotificationDto = {
  id: ids.swap,
  type: "swap_approved",
  payload: { shiftId: ids.otherShift, title: "Kveldsvakt", startsAt, offerId: ids.offer, dealId: ids.deal },
  createdAt: minutesAgo(120),
  readAt: minutesAgo(100),
};

export const list = (...notifications: NotificationDto[]): NotificationListResponse => ({
  unreadCount: notifications.filter((n) => n.readAt === null).length,
  notifications,
});
