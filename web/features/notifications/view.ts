/**
 * What the bell shows of each of the 15 notification types (spec §4): an icon, a heading,
 * a Norwegian text, and where an item leads. Shift and swap items name the shift by its
 * title and start (Europe/Oslo, dd.MM.yyyy HH:mm); broadcasts show their own title and
 * description.
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
  TriangleAlert,
  Trophy,
  Undo2,
  Wrench,
} from "lucide-react";
import { type BroadcastType, broadcastTypes } from "../../../common/schemas/broadcast.ts";
import type { NotificationDto, NotificationType } from "../../../common/schemas/notifications.ts";
import { ui } from "../../../common/texts/index.ts";
import { formatDateTime } from "../../lib/dates.ts";
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
}

type Broadcast = Extract<NotificationDto, { type: BroadcastType }>;
const isBroadcast = (n: NotificationDto): n is Broadcast =>
  (broadcastTypes as readonly string[]).includes(n.type);

/**
 * The assignment outcome opens on the shifts screen from `?outcome={shiftId}`: in 'Mine
 * tildelte' for the one who got the shift, in the open list for the others.
 */
const outcomeOf = (tab: string, shiftId: string) => ({
  to: `${tab}?outcome=${encodeURIComponent(shiftId)}`,
  label: t.openOutcome,
});

function linkOf(n: Exclude<NotificationDto, Broadcast>): NotificationView["link"] {
  const { shiftId } = n.payload;
  switch (n.type) {
    case "shift_won":
    case "shift_awarded":
    case "shift_assigned_winner":
      return outcomeOf(paths.shifts.assigned, shiftId);
    case "shift_awarded_other":
    case "shift_assigned_closed":
      return outcomeOf(paths.shifts.open, shiftId);
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
    case "shift_published":
      return undefined;
  }
}

export function viewOf(n: NotificationDto): NotificationView {
  const icon = notificationIcons[n.type];
  if (isBroadcast(n)) {
    const { title, description } = n.payload;
    return { icon, heading: title, kind: t.broadcastKinds[n.type], text: description || undefined };
  }
  const shift = t.shift(n.payload.title, formatDateTime(n.payload.startsAt));
  return {
    icon,
    heading: t.headings[n.type],
    text: t.texts[n.type](shift),
    link: linkOf(n),
    interestIn: n.type === "shift_published" ? n.payload.shiftId : undefined,
  };
}
