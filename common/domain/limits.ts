/** Business constants of spec §9 that both sides need. */
export const limits = {
  passwordMinLength: 6,
  magicLinkMinutes: 15,
  confirmationHours: 24,
  passwordResetMinutes: 60,
  sessionHours: 12,
  mobileBreakpointPx: 768,
  notificationPageSize: 20,
  notificationPollSeconds: 30,
  fullNameMaxLength: 120,
  emailMaxLength: 254,
  passwordMaxLength: 128,
} as const;
