/**
 * 'Sendte varsler' (issue 26 item 4): the latest broadcasts, each with 'Sett av {n} av
 * {m}'; opening one lists who has seen it and who has not. For the sender and the
 * leaders and admins of the department it was sent from (the server's list holds only
 * those). Ordinary messages never show who read them.
 */
import { ChevronDown, CircleAlert, Megaphone } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import type { SentBroadcast } from "../../../../common/schemas/broadcast.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { SkeletonPersonRow } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { useBroadcastReaders, useSentBroadcasts } from "./api.ts";

const t = ui.broadcast;
const kinds = ui.notifications.broadcastKinds;

function Readers({ id }: { id: string }) {
  const readers = useBroadcastReaders(id, true);
  if (readers.isPending) return <Spinner label={t.readers} className="m-3 size-4" />;
  if (readers.isError)
    return (
      <p role="alert" className="p-3 text-sm text-error">
        {t.readersFailed}
      </p>
    );
  const { read, unread } = readers.data;
  const column = (title: string, people: ReactNode[]) => (
    <div className="min-w-0">
      <h4 className="mb-1.5 text-sm font-semibold text-ink">
        {title} ({people.length})
      </h4>
      {people.length === 0 ? (
        <p className="text-sm text-muted-fg">{t.nobody}</p>
      ) : (
        <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto text-[15px] text-ink">{people}</ul>
      )}
    </div>
  );
  return (
    <div className="grid gap-4 border-t border-border p-4 sm:grid-cols-2">
      {column(
        t.readList,
        read.map((r) => (
          <li key={r.userId} className="flex justify-between gap-2">
            <UserText>{r.fullName}</UserText>
            <time dateTime={r.readAt} className="tabular shrink-0 text-sm text-muted-fg">
              {formatDateTime(r.readAt)}
            </time>
          </li>
        )),
      )}
      {column(
        t.unreadList,
        unread.map((r) => (
          <li key={r.userId}>
            <UserText>{r.fullName}</UserText>
          </li>
        )),
      )}
    </div>
  );
}

function SentItem({ broadcast }: { broadcast: SentBroadcast }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="rounded-lg border border-border bg-white">
      <div className="flex flex-wrap items-start justify-between gap-3 p-4">
        <div className="min-w-0 flex-1">
          <div className="mb-1 flex flex-wrap items-center gap-2">
            <Badge>{kinds[broadcast.type]}</Badge>
            <time dateTime={broadcast.createdAt} className="tabular text-sm text-muted-fg">
              {formatDateTime(broadcast.createdAt)}
            </time>
          </div>
          <h3 className="text-[15px] font-semibold break-words text-ink">
            <UserText>{broadcast.title}</UserText>
          </h3>
          {broadcast.sender && (
            <p className="text-sm text-muted-fg">
              <UserText>{t.sentBy(broadcast.sender.fullName)}</UserText>
            </p>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="max-sm:min-h-11"
        >
          {t.seen(broadcast.seen, broadcast.reached)}
          <ChevronDown aria-hidden className={cn("transition-transform", open && "rotate-180")} />
        </Button>
      </div>
      <section id={panelId} hidden={!open} aria-label={t.readers}>
        {open && <Readers id={broadcast.id} />}
      </section>
    </li>
  );
}

export function SentBroadcasts() {
  const sent = useSentBroadcasts();
  let content: ReactNode;
  if (sent.isPending)
    content = (
      <div role="status" className="flex flex-col gap-4 rounded-lg border border-border bg-white p-4">
        <span className="sr-only">{t.sentTitle}</span>
        {[0, 1].map((i) => (
          <SkeletonPersonRow key={i} avatar="hidden" />
        ))}
      </div>
    );
  else if (sent.isError)
    content = (
      <EmptyState
        icon={CircleAlert}
        title={t.sentFailed}
        action={
          <Button variant="outline" onClick={() => sent.refetch()}>
            {ui.common.retry}
          </Button>
        }
      />
    );
  else if (sent.data.broadcasts.length === 0) content = <EmptyState icon={Megaphone} title={t.sentEmpty} />;
  else
    content = (
      <ul className="flex flex-col gap-3">
        {sent.data.broadcasts.map((b) => (
          <SentItem key={b.id} broadcast={b} />
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="sent-title" className="flex flex-col gap-4">
      <h2 id="sent-title" className="text-lg font-semibold text-ink">
        {t.sentTitle}
      </h2>
      {content}
    </section>
  );
}
