/**
 * 'Abonner i kalender' in 'Mine tildelte': the secret address of my calendar feed, to
 * copy into a calendar app ('Kopier'), to renew when it may have leaked ('Forny lenke':
 * the old one stops working) or to switch off ('Slå av').
 */
import { CalendarPlus, CircleAlert } from "lucide-react";
import { useId, useState } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { useCalendarChange, useCalendarFeed } from "../api/calendar.ts";

const t = ui.shifts.calendar;

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(t.copied);
  } catch {
    toast.error(t.copyFailed);
  }
}

function FeedAddress({ url }: { url: string }) {
  const id = useId();
  const change = useCalendarChange();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{t.url}</Label>
        <div className="flex gap-2">
          <Input
            id={id}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-sm"
          />
          <Button onClick={() => copy(url)} className="h-11">
            {t.copy}
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/60 p-3">
        <p className="text-sm text-muted-fg">{t.renewHint}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={change.isPending} onClick={() => change.mutate("renew")}>
            {t.renew}
          </Button>
          <Button variant="outline" disabled={change.isPending} onClick={() => change.mutate("off")}>
            {t.off}
          </Button>
        </div>
      </div>
    </div>
  );
}

function FeedContent() {
  const feed = useCalendarFeed(true);
  const change = useCalendarChange();
  if (feed.isPending)
    return (
      <div role="status">
        <span className="sr-only">{t.loading}</span>
        <Skeleton className="h-11" />
      </div>
    );
  if (feed.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-error">
        <span className="flex items-center gap-2">
          <CircleAlert aria-hidden className="size-4" />
          {t.loadFailed}
        </span>
        <Button variant="outline" onClick={() => feed.refetch()}>
          {ui.common.retry}
        </Button>
      </div>
    );
  if (feed.data.url) return <FeedAddress url={feed.data.url} />;
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-[15px] text-ink">{t.none}</p>
      <Button disabled={change.isPending} onClick={() => change.mutate("create")}>
        {t.create}
      </Button>
    </div>
  );
}

export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex justify-end">
      <Dialog open={open} onOpenChange={setOpen}>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <CalendarPlus aria-hidden />
          {t.open}
        </Button>
        {open && (
          <DialogContent title={t.title} description={t.intro} className="max-w-lg">
            <FeedContent />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
