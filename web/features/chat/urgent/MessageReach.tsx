/**
 * What a message shows of whom it reached (issue 26): the red 'HASTER' marker, 'Bekreft'
 * for a recipient (then 'Bekreftet'), and for its sender and the department's leaders
 * 'Bekreftet av n av m' with the list of who has and has not, 'Sett av n av m', and
 * 'Nådde: …' on hover or focus. What the server leaves out (the list, for anyone else)
 * is not shown: the web app never guesses.
 */
import { Check, CheckCheck, Eye } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useState } from "react";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import type { MessageReach, ReachedPerson } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { formatDateTime, formatTime } from "../../../lib/dates.ts";
import type { ThreadMessage } from "../api/message-cache.ts";
import { useAcknowledge } from "../api/urgent.ts";

const t = ui.urgent;

export function UrgentMarker() {
  return (
    <span className="mr-2 inline-flex items-center rounded bg-error px-1.5 py-0.5 align-middle text-[11px] leading-none font-bold tracking-wide text-white">
      {t.marker}
    </span>
  );
}

const reachedText = (people: readonly ReachedPerson[]) =>
  people.length === 0
    ? t.reachedNobody
    : t.reachedList(people.map((p) => ({ fullName: withoutBidiControls(p.fullName), roleName: p.roleName })));

function PersonRow({ person }: { person: ReachedPerson }) {
  return (
    <li className="flex items-baseline justify-between gap-3 py-1">
      <span className="min-w-0">
        <span className="font-medium text-ink">{withoutBidiControls(person.fullName)}</span>
        {person.roleName && <span className="text-muted-fg"> ({person.roleName})</span>}
      </span>
      <span className="shrink-0 text-xs text-muted-fg tabular">
        {person.acknowledgedAt ? (
          <time dateTime={person.acknowledgedAt} title={formatDateTime(person.acknowledgedAt)}>
            {formatTime(person.acknowledgedAt)}
          </time>
        ) : person.seen ? (
          t.seen
        ) : null}
      </span>
    </li>
  );
}

/** 'Bekreftet av n av m' and 'Sett av n av m', with the list in a popover. */
function Acknowledgements({ reach }: { reach: MessageReach }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const m = reach.people.length;
  const has = reach.people.filter((p) => p.acknowledgedAt);
  const hasNot = reach.people.filter((p) => !p.acknowledgedAt);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          title={reachedText(reach.people)}
          className="inline-flex items-center gap-1 rounded px-1 text-sm font-medium text-ink underline-offset-2 hover:underline max-md:min-h-11"
        >
          <CheckCheck aria-hidden className="size-4 text-success" />
          {t.acknowledgedBy(reach.acknowledged, m)}
        </button>
      </Popover.Trigger>
      <span className="inline-flex items-center gap-1 text-sm text-muted-fg">
        <Eye aria-hidden className="size-4" />
        {t.seenBy(reach.seen, m)}
      </span>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-border bg-white p-3 text-sm text-ink shadow-lg focus:outline-none"
        >
          <h3 id={headingId} className="mb-1 font-semibold">
            {t.listTitle}
          </h3>
          <p className="mb-2 text-muted-fg">{t.seenBy(reach.seen, m)}</p>
          <h4 className="mt-1 text-xs font-semibold tracking-wide text-muted-fg uppercase">
            {t.hasAcknowledged} ({has.length})
          </h4>
          <ul aria-label={t.hasAcknowledged}>
            {has.map((p) => (
              <PersonRow key={p.userId} person={p} />
            ))}
          </ul>
          <h4 className="mt-2 text-xs font-semibold tracking-wide text-muted-fg uppercase">
            {t.hasNotAcknowledged} ({hasNot.length})
          </h4>
          <ul aria-label={t.hasNotAcknowledged}>
            {hasNot.map((p) => (
              <PersonRow key={p.userId} person={p} />
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** 'Nådde: …' of a message with mentions, on hover or keyboard focus. */
function Reached({ people }: { people: readonly ReachedPerson[] }) {
  const text = reachedText(people);
  return (
    <Tooltip content={text}>
      <button
        type="button"
        title={text}
        aria-label={text}
        className="inline-flex items-center gap-1 rounded text-xs text-muted-fg focus-visible:outline-2 focus-visible:outline-primary max-md:min-h-11"
      >
        <Check aria-hidden className="size-3.5" />
        {t.reached} {people.length}
      </button>
    </Tooltip>
  );
}

/** 'Bekreft' for me as a recipient, 'Bekreftet' once done. */
function MyAcknowledgement({ message }: { message: ThreadMessage }) {
  const acknowledge = useAcknowledge(message.threadId);
  const at = message.acknowledgement?.acknowledgedAt;
  if (at)
    return (
      <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
        <CheckCheck aria-hidden className="size-4" />
        <span title={formatDateTime(at)}>{t.acknowledged}</span>
      </span>
    );
  if (!message.abilities.acknowledge) return null;
  return (
    <Button
      size="sm"
      variant="danger"
      disabled={acknowledge.isPending}
      onClick={() => acknowledge.mutate(message.id)}
    >
      <Check aria-hidden />
      {acknowledge.isPending ? t.acknowledging : t.acknowledge}
    </Button>
  );
}

/** Under the message's text: what the viewer may see of its reach. */
export function MessageReachLine({ message }: { message: ThreadMessage }) {
  if (message.deletedAt || message.pending) return null;
  const reach = message.reach ?? null;
  const mine = message.acknowledgement != null;
  if (!message.urgent && !reach) return null;
  if (!message.urgent)
    return reach ? <div className="mt-0.5">{<Reached people={reach.people} />}</div> : null;
  if (!reach && !mine) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
      {mine && <MyAcknowledgement message={message} />}
      {reach && <Acknowledgements reach={reach} />}
    </div>
  );
}
