/** The realtime connection (error frames on the socket). */
export const realtimeErrors = {
  realtime_bad_frame: "Meldingen kunne ikke leses.",
  realtime_unknown_topic: "Ukjent emne.",
  realtime_topic_unavailable: "Dette emnet er ikke tilgjengelig ennå.",
  realtime_too_many_subscriptions: "For mange abonnementer på denne tilkoblingen.",
} as const;
