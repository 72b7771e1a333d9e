/**
 * The results, grouped: 'Meldinger', 'Filer', 'Personer'. A listbox the search field
 * steers (the arrow keys move the active option, Enter opens it); a pointer opens an
 * option with a click. What was matched is marked in each snippet, file name and name.
 */
import { Building2, Clock, Hash, MessageSquare, Paperclip, User } from "lucide-react";
import type { ReactNode } from "react";
import type { ThreadKind } from "../../../common/schemas/chat.ts";
import type { FileHit, MessageHit, PersonHit, SearchThread } from "../../../common/schemas/search.ts";
import { ui } from "../../../common/texts/index.ts";
import { FileKindIcon } from "../../components/file-kind-icon.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { UserText } from "../../components/user-text.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { Highlighted } from "./Highlighted.tsx";
import { hitTime, threadName } from "./hits.ts";

const t = ui.search;

export type SearchOption =
  | { kind: "message"; id: string; hit: MessageHit }
  | { kind: "file"; id: string; hit: FileHit }
  | { kind: "person"; id: string; hit: PersonHit };

/** The id of an option's element, for `aria-activedescendant`. */
export const optionId = (listId: string, option: SearchOption) => `${listId}-${option.kind}-${option.id}`;

const kindIcons: Record<ThreadKind, typeof Hash> = {
  department: Building2,
  shift: Clock,
  direct: User,
  channel: Hash,
};

/** Where a hit was written: its kind's icon and the thread's name. */
function ThreadTag({ thread }: { thread: SearchThread }) {
  const Icon = kindIcons[thread.kind];
  return (
    <span className="flex min-w-0 items-center gap-1 text-xs text-muted-fg">
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only">{t.threadKind[thread.kind]}:</span>
      <span className="truncate">
        {thread.kind === "channel" ? threadName(thread).slice(1) : threadName(thread)}
      </span>
    </span>
  );
}

function Time({ value, now }: { value: string; now: number }) {
  return (
    <time dateTime={value} title={formatDateTime(value)} className="shrink-0 text-xs text-muted-fg tabular">
      {hitTime(value, now)}
    </time>
  );
}

function MessageRow({ hit, now }: { hit: MessageHit; now: number }) {
  const author = hit.author?.fullName ?? t.deletedAuthor;
  return (
    <>
      <Avatar name={author} src={hit.author?.avatarUrl} size="sm" className="mt-0.5" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex min-w-0 items-baseline gap-2">
          <span className="shrink-0 truncate text-sm font-semibold text-ink max-md:max-w-[45%]">
            <UserText>{author}</UserText>
          </span>
          <ThreadTag thread={hit.thread} />
          <span className="ml-auto" />
          <Time value={hit.createdAt} now={now} />
        </div>
        <p className="line-clamp-2 text-sm break-words text-ink/90">
          <Highlighted text={hit.snippet} ranges={hit.highlights} />
        </p>
        {hit.fileCount > 0 && (
          <span className="flex items-center gap-1 text-xs text-muted-fg">
            <Paperclip aria-hidden className="size-3.5" />
            {t.files(hit.fileCount)}
          </span>
        )}
      </div>
    </>
  );
}

function FileRow({ hit, now }: { hit: FileHit; now: number }) {
  return (
    <>
      <FileKindIcon kind={hit.kind} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate text-sm font-medium text-ink">
          <Highlighted text={hit.name} ranges={hit.highlights} />
        </span>
        <div className="flex min-w-0 items-baseline gap-2">
          <ThreadTag thread={hit.thread} />
          <span className="ml-auto" />
          <Time value={hit.createdAt} now={now} />
        </div>
      </div>
    </>
  );
}

function PersonRow({ hit }: { hit: PersonHit }) {
  return (
    <>
      <Avatar name={hit.fullName} src={hit.avatarUrl} size="sm" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-ink">
          <Highlighted text={hit.fullName} ranges={hit.highlights} />
        </span>
        <span className="text-xs text-muted-fg">{t.writeTo}</span>
      </div>
      <MessageSquare aria-hidden className="size-4 shrink-0 text-muted-fg" />
    </>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a listbox holds options and groups of them, not a fieldset
    <div role="group" aria-labelledby={id} className="py-1">
      <div
        id={id}
        role="presentation"
        className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-fg uppercase md:px-4"
      >
        {title}
      </div>
      {children}
    </div>
  );
}

export function SearchResultList({
  listId,
  options,
  activeId,
  busy,
  onActivate,
  onOpen,
}: {
  listId: string;
  options: readonly SearchOption[];
  /** the option the field's arrow keys are on */
  activeId: string | null;
  busy: boolean;
  onActivate: (option: SearchOption) => void;
  onOpen: (option: SearchOption) => void;
}) {
  const now = Date.now();
  const row = (option: SearchOption) => {
    const id = optionId(listId, option);
    const active = id === activeId;
    // The field keeps the focus (a press on an option does not take it) and says which
    // option is active (aria-activedescendant): its arrow keys and Enter reach every option.
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the search field's keys steer the options
      <div
        key={id}
        id={id}
        role="option"
        tabIndex={-1}
        aria-selected={active}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onOpen(option)}
        onMouseMove={() => !active && onActivate(option)}
        className={cn(
          "flex min-h-11 cursor-pointer items-start gap-3 px-3 py-2.5 md:px-4",
          option.kind === "person" && "items-center",
          active ? "bg-secondary/70" : "hover:bg-muted",
        )}
      >
        {option.kind === "message" && <MessageRow hit={option.hit} now={now} />}
        {option.kind === "file" && <FileRow hit={option.hit} now={now} />}
        {option.kind === "person" && <PersonRow hit={option.hit} />}
      </div>
    );
  };
  const of = (kind: SearchOption["kind"]) => options.filter((o) => o.kind === kind);
  const groups = [
    { kind: "message", title: t.groups.messages },
    { kind: "file", title: t.groups.files },
    { kind: "person", title: t.groups.people },
  ] as const;
  return (
    <div
      id={listId}
      role="listbox"
      aria-label={t.resultsLabel}
      aria-busy={busy || undefined}
      className="pb-2"
    >
      {groups.map(({ kind, title }) => {
        const shown = of(kind);
        return (
          shown.length > 0 && (
            <Group key={kind} id={`${listId}-${kind}`} title={title}>
              {shown.map(row)}
            </Group>
          )
        );
      })}
    </div>
  );
}
