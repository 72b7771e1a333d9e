/**
 * 'Stille når jeg ikke er på vakt' on 'Min profil' (issue 26 item 5): a switch saved at
 * once, with what it means, and whether it silences right now.
 */
import { ui } from "../../../common/texts/index.ts";
import { SwitchField } from "../../components/ui/switch-field.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useAlertsState } from "../../lib/alerts.ts";
import { useSetQuiet } from "./api/profile.ts";

const t = ui.profile.quiet;

export function QuietSetting() {
  const state = useAlertsState();
  const save = useSetQuiet();
  const checked = save.isPending ? save.variables : (state?.quietOffShift ?? false);
  return (
    <div className="flex flex-col gap-3">
      <SwitchField
        label={t.label}
        hint={t.hint}
        checked={checked}
        disabled={!state || save.isPending}
        onCheckedChange={(quietOffShift) =>
          save.mutate(quietOffShift, {
            onSuccess: () => toast.success(t.saved),
            onError: () => toast.error(t.failed),
          })
        }
      />
      {state?.quiet && (
        <p className="text-sm text-muted-fg" role="status">
          {t.quietNow}
        </p>
      )}
    </div>
  );
}
