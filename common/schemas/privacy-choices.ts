/**
 * The privacy dialog's answer, counted per department and day (decisions.md § Chat:
 * 'The privacy gate holds high-confidence findings'). Only the choice travels: never the
 * text, the thread or what was found.
 */
import { z } from "zod";

export const privacyChoices = ["edit", "send_anyway"] as const;
export type PrivacyChoice = (typeof privacyChoices)[number];

export const privacyChoiceRequest = z.strictObject({ choice: z.enum(privacyChoices) });
export type PrivacyChoiceRequest = z.infer<typeof privacyChoiceRequest>;
