/**
 * The privacy dialog's answer, sent to be counted for the department (only the choice:
 * never the text). Fire and forget: a count that does not arrive must not hold a message
 * back or warn the writer.
 */
import type { PrivacyChoice } from "../../../../common/schemas/privacy-choices.ts";
import { apiFetch } from "../../../lib/api.ts";

export function recordPrivacyChoice(choice: PrivacyChoice): void {
  apiFetch("/api/chat/privacy-choices", { method: "POST", body: { choice } }).catch((err: unknown) =>
    console.warn("Could not count the privacy choice.", err),
  );
}
