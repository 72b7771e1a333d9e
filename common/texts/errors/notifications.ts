/** Notifications. */
export const notificationsErrors = {
  notification_not_found: "Fant ikke varselet.",
} as const;
