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

/**
 * Issue 26: duty roles, urgent messages and their reminders. A role's name is at most 40
 * characters; the grid a leader fills runs from today through the next 14 days.
 */
export const dutyLimits = {
  roleNameMaxLength: 40,
  rolesPerDepartment: 30,
  gridDaysAhead: 14,
  /** an unacknowledged urgent message is noticed again this often… */
  urgentRepeatMs: 2 * 60_000,
  /** …for this long after it was sent */
  urgentRepeatForMs: 30 * 60_000,
  /** a role holder's silence this long reaches the department's leaders on shift */
  urgentEscalateAfterMs: 5 * 60_000,
  /** urgent messages a person may send per minute */
  urgentPerMinute: 10,
} as const;

/**
 * Issue 26, quiet when off shift: a person with neither a shift nor a duty-role holding
 * within this many days either side of now has no shift data, and counts as on shift.
 * Broadcasts: how many of the latest sent broadcasts 'Sendte varsler' lists.
 */
export const quietLimits = {
  shiftDataWindowDays: 30,
  sentBroadcastsListed: 20,
} as const;

/**
 * Issue 27, push and the offline outbox. A person's devices with push; the longest
 * endpoint and key accepted (push services give a few hundred characters and 87/22);
 * a preview's title and text, so that a payload stays far below the 4 KB a push service
 * carries; how long a message waits offline before it shows 'Ikke sendt'.
 */
export const pushLimits = {
  devicesPerPerson: 10,
  endpointMaxLength: 1024,
  keyMaxLength: 200,
  previewTitleMax: 80,
  previewBodyMax: 200,
  outboxMaxAgeMs: 24 * 60 * 60 * 1000,
} as const;

/** Working time and competence (issue 28). */
export const workLimits = {
  competenceNameMaxLength: 60,
  competencesPerDepartment: 50,
  /** a shift may require this many competences at most */
  competencesPerShift: 5,
  /** a full position's weekly hours: from a short week to a long one */
  fullTimeHoursMin: 20,
  fullTimeHoursMax: 48,
} as const;
