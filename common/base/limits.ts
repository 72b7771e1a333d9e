/**
 * Every limit both sides need, in one place at the bottom of `common`: the schemas, the
 * rules in `domain` and the messages in `texts` all read them from here, so a message
 * never states a number the rule does not use.
 */

/** Business constants of spec §9. */
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
  /** privacy dialog choices one person may record per rate-limit window: far above honest use */
  privacyChoicesPerWindow: 60,
} as const;

/** Extra shifts: the description's length (the database's check constraint says the same). */
export const shiftLimits = {
  descriptionMaxLength: 1000,
} as const;

/** Spec §9: broadcast title 100, description 500; the extra JSON is kept as small. */
export const broadcastLimits = {
  titleMaxLength: 100,
  descriptionMaxLength: 500,
  extraMaxChars: 2000,
} as const;

/** Spec §9: the market's page; auto-match's limit per run. */
export const swapLimits = {
  marketPage: 50,
  autoMatch: 10,
  /** a described shift lasts at most this long (an on-call weekend fits) */
  describedShiftMaxDays: 7,
  noteMaxLength: 500,
} as const;
