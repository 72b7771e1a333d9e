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
  // Chat: spec §4 and §9; the message length from decisions.md (Readings).
  presenceHeartbeatSeconds: 30,
  presenceOnlineSeconds: 90,
  presenceAwayMinutes: 10,
  messageMaxLength: 4000,
  replyPreviewLength: 80,
  undoDeleteMinutes: 5,
  channelNameMaxLength: 50,
  /** files in one message: a ward photo series, not an archive */
  attachmentsPerMessage: 10,
} as const;
