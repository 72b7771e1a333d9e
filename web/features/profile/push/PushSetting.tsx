/**
 * 'Varsler på denne enheten' on 'Min profil' (issue 27): turn push on for this browser
 * (permission is asked only when the button is pressed, never on a page load), see and
 * remove my devices, and choose whether a push shows its content (off by default: a
 * locked phone on a ward must not show a patient's name).
 */
import { BellRing, CheckCircle2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import type { PushDevice } from "../../../../common/schemas/push.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { SwitchField } from "../../../components/ui/switch-field.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError } from "../../../lib/api.ts";
import { formatLongDate } from "../../../lib/dates.ts";
import { useAddDevice, usePushState, useRemoveDevice, useSetShowContent } from "../api/push.ts";
import {
  PushRefused,
  type PushSupport,
  pushSupport,
  rememberThisDevice,
  subscribeThisDevice,
  thisDeviceId,
  unsubscribeThisDevice,
} from "./this-device.ts";

const t = ui.push;

/** The server's words when it said why; otherwise the toast's title says enough. */
const why = (err: unknown) => (err instanceof ApiError ? { description: err.message } : undefined);

export function PushSetting() {
  const state = usePushState();
  const add = useAddDevice();
  const remove = useRemoveDevice();
  const setShowContent = useSetShowContent();
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [thisId, setThisId] = useState(thisDeviceId);
  const [turningOn, setTurningOn] = useState(false);

  const devices = state.data?.devices ?? [];
  const thisIsOn = thisId !== null && devices.some((d) => d.id === thisId);

  async function turnOn(publicKey: string) {
    setTurningOn(true);
    try {
      const device = await add.mutateAsync(await subscribeThisDevice(publicKey));
      rememberThisDevice(device.id);
      setThisId(device.id);
      toast.success(t.turnedOn);
    } catch (err) {
      if (err instanceof PushRefused) setSupport(err.reason);
      else toast.error(t.failed, why(err));
    } finally {
      setTurningOn(false);
    }
  }

  function removeDevice(device: PushDevice) {
    remove.mutate(device.id, {
      onSuccess: async () => {
        if (device.id === thisId) {
          setThisId(null);
          // The server sends nothing more; the browser's own subscription goes too.
          await unsubscribeThisDevice().catch(() => {});
        }
        toast.success(t.removed);
      },
      onError: (err) => toast.error(t.removeFailed, why(err)),
    });
  }

  const showContent = setShowContent.isPending
    ? setShowContent.variables
    : (state.data?.showContent ?? false);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-[15px] text-muted-fg">{t.intro}</p>

      <div role="status" aria-live="polite">
        {support === "unsupported" ? (
          <Note icon="warning">{t.unsupported}</Note>
        ) : support === "denied" ? (
          <Note icon="warning">{t.denied}</Note>
        ) : thisIsOn ? (
          <Note icon="on">{t.on}</Note>
        ) : null}
      </div>
      {support === "supported" && !thisIsOn && (
        <Button
          className="self-start max-sm:w-full"
          disabled={!state.data || turningOn}
          onClick={() => state.data && void turnOn(state.data.publicKey)}
        >
          <BellRing aria-hidden />
          {turningOn ? t.turningOn : t.turnOn}
        </Button>
      )}

      <div>
        <h3 className="text-sm font-semibold text-ink">{t.devices}</h3>
        {state.isPending ? (
          <div className="flex flex-col gap-2 py-2.5" aria-busy="true">
            <span className="sr-only">{ui.common.loading}</span>
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-5 w-40" />
          </div>
        ) : state.isError ? (
          <div className="flex flex-wrap items-center gap-3 py-2.5">
            <p className="text-sm text-error">{ui.common.networkError}</p>
            <Button variant="outline" size="sm" onClick={() => void state.refetch()}>
              {ui.common.retry}
            </Button>
          </div>
        ) : devices.length === 0 ? (
          <p className="py-2.5 text-sm text-muted-fg">{t.noDevices}</p>
        ) : (
          <ul className="divide-y divide-border">
            {devices.map((device) => (
              <li key={device.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[15px] text-ink">
                    <span className="break-words">{device.browser}</span>
                    {device.id === thisId && <Badge tone="primary">{t.thisDevice}</Badge>}
                  </p>
                  <p className="text-sm text-muted-fg">{t.addedOn(formatLongDate(device.createdAt))}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t.removeNamed(device.browser)}
                  disabled={remove.isPending && remove.variables === device.id}
                  onClick={() => removeDevice(device)}
                >
                  {t.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <SwitchField
        label={t.showContent}
        hint={t.showContentHint}
        checked={showContent}
        disabled={!state.data || setShowContent.isPending}
        onCheckedChange={(next) =>
          setShowContent.mutate(next, {
            onSuccess: () => toast.success(t.saved),
            onError: (err) => toast.error(t.failed, why(err)),
          })
        }
      />
    </div>
  );
}

function Note({ icon, children }: { icon: "on" | "warning"; children: string }) {
  const Icon = icon === "on" ? CheckCircle2 : TriangleAlert;
  return (
    <p className="flex items-start gap-2 text-[15px] text-ink">
      <Icon
        aria-hidden
        className={
          icon === "on" ? "mt-0.5 size-4 shrink-0 text-success" : "mt-0.5 size-4 shrink-0 text-warning"
        }
      />
      {children}
    </p>
  );
}
