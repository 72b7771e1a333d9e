/** Push subscriptions (issue 27). */
export const pushErrors = {
  push_endpoint_not_https: "Varseladressen må bruke https",
  push_too_many_devices: "Du kan ha varsler på høyst 10 enheter. Fjern en av dem først.",
  push_device_not_found: "Fant ikke enheten",
} as const;
