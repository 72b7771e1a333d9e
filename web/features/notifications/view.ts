/**
 * What the bell shows of each of the 15 notification types (spec §4): an icon, a heading,
 * a Norwegian text, and where an item leads. Shift and swap items name the shift as its
 * card does («Dagvakt» lør. 05.12 · 07:00–15:00, its present times), and offer only what
 * the present state of their shift or deal allows (the list carries it, `target`): a
 * published shift that was assigned meanwhile shows 'Tildelt' and 'Se tildeling' (or
 * nothing), never 'Jeg er interessert'. Broadcasts show their own title and description.
 */
import {
  ArrowLeftRight,
  Award,
  Ban,
  CalendarCheck,
  CalendarPlus,
  CalendarX,
  CalendarX2,
  CircleCheck,
  CircleX,
  ClipboardCheck,
  Info,
  type LucideIcon,
  Megaphone,
  RefreshCw,
  Siren,
  TriangleAlert,
  Trophy,
  Undo2,
  Wrench,
} from "lucide-react";
import { type BroadcastType, broadcastTypes } from "../../../common/schemas/broadcast.ts";
import type {
  NotificationDto,
  NotificationTarget,
  NotificationType,
} from "../../../common/schemas/notifications.ts";
import { ui } from "../../../common/texts/index.ts";
import { shiftStart, shiftWhen } from "../../lib/dates.ts";
import { paths } from "../../lib/paths.ts";

const t = ui.notifications;

const notificationIcons: Record<NotificationType, LucideIcon> = {
  shift_published: CalendarPlus,
  shift_won: Trophy,
  shift_awarded: CalendarCheck,
  shift_awarded_other: CalendarX,
  shift_assigned_winner: Award,
  shift_assigned_closed: CalendarX2,
  swap_matched_proposed: ArrowLeftRight,
  swap_ready_for_leader: ClipboardCheck,
  swap_approved: CircleCheck,
  swap_rejected: CircleX,
  swap_declined: CircleX,
  swap_withdrawn: Undo2,
  swap_cancelled: Ban,
  swap_closed: CalendarX2,
  announcement: Megaphone,
  maintenance: Wrench,
  update: RefreshCw,
  alert: TriangleAlert,
  info: Info,
  urgent_message: Siren,
  urgent_unacknowledged: TriangleAlert,
};

export interface NotificationView {
  icon: LucideIcon;
  /** what happened, or a broadcast's own title */
  heading: string;
  /** a broadcast's kind ('Kunngjøring'), shown above its title */
  kind?: string;
  text?: string;
  /** where the item leads ('Se tildeling', 'Gå til vaktbytte') */
  link?: { to: string; label: string };
  /** the shift 'Jeg er interessert' registers interest in */
  interestIn?: string;
  /** what the shift or deal is now, when that is past what the notice asked ('Tildelt') */
  state?: string;
}

type Broadcast = Extract<NotificationDto, { type: BroadcastType }>;
const isBroadcast = (n: NotificationDto): n is Broadcast =>
  (broadcastTypes as readonly string[]).includes(n.type);

type Urgent = Extract<NotificationDto, { type: "urgent_message" | "urgent_unacknowledged" }>;
const isUrgent = (n: NotificationDto): n is Urgent =>
  n.type === "urgent_message" || n.type === "urgent_unacknowledged";

/** Where an urgent message is read: its thread. */
function threadLink(p: Urgent["payload"]): string {
  if (p.threadKind === "direct") return paths.chat.dm(p.threadId);
  if (p.threadKind === "channel") return paths.chat.channel(p.threadId);
  return p.threadKind === "shift" ? paths.chat.shift : paths.chat.department;
}

function urgentView(n: Urgent, icon: LucideIcon): NotificationView {
  const u = ui.urgent;
  const link = { to: threadLink(n.payload), label: u.openThread };
  if (n.type === "urgent_message") return { icon, heading: u.noticeHeading, text: u.noticeText, link };
  return { icon, heading: u.escalationHeading, text: u.escalationText(n.payload.missing), link };
}

/**
 * The assignment outcome opens on the shifts screen from `?outcome={shiftId}`: in 'Mine
 * tildelte' for the one who got the shift, in the open list for the others.
 */
const outcomeOf = (tab: string, shiftId: string) => ({
  to: `${tab}?outcome=${encodeURIComponent(shiftId)}`,
  label: t.openOutcome,
});

type ShiftNotice = Exclude<NotificationDto, Broadcast | Urgent>;

function linkOf(n: ShiftNotice): NotificationView["link"] {
  const { shiftId } = n.payload;
  const target = n.target;
  switch (n.type) {
    case "shift_won":
    case "shift_awarded":
    case "shift_assigned_winner":
      return !target || target.can.viewOutcome ? outcomeOf(paths.shifts.assigned, shiftId) : undefined;
    case "shift_awarded_other":
    case "shift_assigned_closed":
      return !target || target.can.viewOutcome ? outcomeOf(paths.shifts.open, shiftId) : undefined;
    // The leader approves in the approval queue; everyone else answers in 'Vaktbytte'.
    case "swap_ready_for_leader":
      return { to: paths.swaps.admin, label: t.openSwaps };
    case "swap_matched_proposed":
    case "swap_approved":
    case "swap_rejected":
    case "swap_declined":
    case "swap_withdrawn":
    case "swap_cancelled":
    case "swap_closed":
      return { to: paths.swaps.list, label: t.openSwaps };
    // Published, then assigned: its outcome, for those who may see it.
    case "shift_published":
      return target?.shiftStatus === "assigned" && target.can.viewOutcome
        ? outcomeOf(paths.shifts.open, shiftId)
        : undefined;
  }
}

/** The deal status a swap notice asks someone to act on. */
const askedStatus: Partial<Record<NotificationType, NotificationTarget["dealStatus"]>> = {
  swap_matched_proposed: "waiting_owner",
  swap_ready_for_leader: "waiting_leader",
};

/**
 * What the shift or deal is now, when the notice's question is settled: a published shift
 * no longer open ('Tildelt', 'Stengt'), or answered ('Interesse registrert'); a swap
 * proposal or approval that was decided ('Godkjent', 'Avslått', …).
 */
function stateOf(n: ShiftNotice): string | undefined {
  const target = n.target;
  if (!target) return undefined;
  if (n.type === "shift_published") {
    const status = target.shiftStatus;
    if (status && status !== "open" && status !== "draft") return ui.shifts.status[status];
    return status === "open" && target.answered ? t.interestRegistered : undefined;
  }
  const asked = askedStatus[n.type];
  const now = target.dealStatus;
  if (!asked || !now || now === asked) return undefined;
  return now === "waiting_leader" ? ui.swaps.waitingFor.leader : ui.swaps.dealStatus[now];
}

/** 'Jeg er interessert' only while the shift takes it from me and I have not answered. */
function interestOf(n: ShiftNotice): string | undefined {
  if (n.type !== "shift_published") return undefined;
  const target = n.target;
  // An older server tells nothing of the shift now: its refusal says why.
  if (!target) return n.payload.shiftId;
  return target.can.interest && !target.answered ? n.payload.shiftId : undefined;
}

/** The shift as its card names it, by its present times when the list knows them. */
function whenOf(n: ShiftNotice): string {
  const target = n.target;
  if (target?.startsAt && target.endsAt)
    return shiftWhen({ startsAt: target.startsAt, endsAt: target.endsAt });
  return shiftStart(n.payload.startsAt);
}

export function viewOf(n: NotificationDto): NotificationView {
  const icon = notificationIcons[n.type];
  if (isBroadcast(n)) {
    const { title, description } = n.payload;
    return { icon, heading: title, kind: t.broadcastKinds[n.type], text: description || undefined };
  }
  if (isUrgent(n)) return urgentView(n, icon);
  const shift = t.shift(n.payload.title, whenOf(n));
  const state = stateOf(n);
  // A published shift whose question is settled no longer asks for interest.
  const text = n.type === "shift_published" && state ? t.publishedSettled(shift) : t.texts[n.type](shift);
  return {
    icon,
    heading: t.headings[n.type],
    text,
    link: linkOf(n),
    interestIn: interestOf(n),
    state,
  };
}
