/**
 * Quiet when off shift (issue 26 item 5; common/domain/quiet.ts): 'Stille når jeg ikke er
 * på vakt' as it counts for me, whether it silences ordinary toasts and sounds now, and
 * the next instant that may change, so the client asks again then.
 */
import { z } from "zod";

export const alertsState = z.object({
  /** 'Stille når jeg ikke er på vakt', my choice or its default (on for staff) */
  quietOffShift: z.boolean(),
  /** ordinary messages and notices raise no toast, sound or push now */
  quiet: z.boolean(),
  /** the next instant the answer may change (ISO); null: not before the setting does */
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type AlertsState = z.infer<typeof alertsState>;

export const alertsSettingInput = z.object({ quietOffShift: z.boolean() });
export type AlertsSettingInput = z.infer<typeof alertsSettingInput>;
