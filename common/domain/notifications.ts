/**
 * The kinds of notification (spec §3, §4). Each has its payload schema in
 * schemas/notifications.ts and its text in texts/ui/notifications.ts; the database's
 * check constraint lists the same.
 */
export const notificationTypes = [
  "shift_published",
  "shift_won",
  "shift_awarded",
  "shift_awarded_other",
  "shift_assigned_winner",
  "shift_assigned_closed",
  "swap_matched_proposed",
  "swap_ready_for_leader",
  "swap_approved",
  "swap_rejected",
  "swap_declined",
  "swap_withdrawn",
  "swap_cancelled",
  "swap_closed",
  "announcement",
  "maintenance",
  "update",
  "alert",
  "info",
  "urgent_message",
  "urgent_unacknowledged",
] as const;
export type NotificationType = (typeof notificationTypes)[number];
