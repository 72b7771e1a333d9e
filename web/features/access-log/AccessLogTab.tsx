/**
 * 'Tilgangslogg' (admins, beside 'Logg'): the whole access log, newest first, narrowed
 * by action and Oslo dates in the fields above it, and to a person by choosing a name in
 * a row (who did it, or whom it was about). What is narrowed shows as a chip that
 * removes it. Narrowing to a person is itself a row in that person's log (the server's).
 */
import { X } from "lucide-react";
import { useId, useState } from "react";
import { accessActions } from "../../../common/domain/access-log.ts";
import type { AdminAccessEntry } from "../../../common/schemas/access-log.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { DateFilter } from "../../components/ui/date-filter.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { UserText } from "../../components/user-text.tsx";
import { type AccessFilters, type NamedPerson, noFilters, useAccessLog } from "./api/access-log.ts";
import { cell, EntryCells, PagedLog } from "./PagedLog.tsx";

const t = ui.accessLog;
const a = t.admin;

/** A name that narrows the log to its person; a gone account's is plain text. */
function PersonButton({ person, label, onPick }: { person: NamedPerson; label: string; onPick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onPick}
      className="-my-1 min-h-11 text-left font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary md:min-h-0"
    >
      <UserText>{person.name}</UserText>
    </button>
  );
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      aria-label={a.removeFilter(label)}
      onClick={onRemove}
      className="inline-flex h-11 max-w-full items-center gap-1.5 rounded-full bg-secondary px-3 text-sm font-medium text-secondary-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:h-8"
    >
      <span className="truncate">{label}</span>
      <X aria-hidden className="size-4 shrink-0" />
    </button>
  );
}

export function AccessLogTab() {
  const [filters, setFilters] = useState<AccessFilters>(noFilters);
  const set = (change: Partial<AccessFilters>) => setFilters((f) => ({ ...f, ...change }));
  const log = useAccessLog(filters);
  const actionId = useId();
  const backwards = !!filters.from && !!filters.to && filters.from > filters.to;
  const chips = [
    filters.subject && { label: a.subject(filters.subject.name), remove: () => set({ subject: null }) },
    filters.actor && { label: a.actor(filters.actor.name), remove: () => set({ actor: null }) },
  ].filter((chip) => !!chip);

  const row = (entry: AdminAccessEntry) => (
    <tr key={entry.id}>
      <EntryCells
        entry={entry}
        actor={
          entry.actor && (
            <PersonButton
              person={entry.actor}
              label={a.onlyActor(entry.actor.name)}
              onPick={() => set({ actor: entry.actor })}
            />
          )
        }
      />
      <td className={cell}>
        <PersonButton
          person={entry.subject}
          label={a.onlySubject(entry.subject.name)}
          onPick={() => set({ subject: entry.subject })}
        />
      </td>
    </tr>
  );

  return (
    <section aria-labelledby="access-log-title" className="flex flex-col gap-4">
      <div>
        <h2 id="access-log-title" className="text-lg font-semibold text-ink">
          {a.title}
        </h2>
        <p className="text-[15px] text-muted-fg">{a.intro}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={actionId}>{a.action}</Label>
          <NativeSelect
            id={actionId}
            value={filters.action}
            onChange={(e) => set({ action: e.target.value as AccessFilters["action"] })}
            options={[
              { value: "", label: a.allActions },
              ...accessActions.map((value) => ({ value, label: t.actions[value] })),
            ]}
          />
        </div>
        <DateFilter label={a.from} value={filters.from} onValue={(from) => set({ from })} />
        <DateFilter label={a.to} value={filters.to} onValue={(to) => set({ to })} />
      </div>
      {backwards && <p className="text-sm text-error">{a.backwards}</p>}
      {(chips.length > 0 || filters.action || filters.from || filters.to) && (
        <div className="flex flex-wrap items-center gap-2">
          {chips.map((chip) => (
            <Chip key={chip.label} label={chip.label} onRemove={chip.remove} />
          ))}
          <Button variant="ghost" onClick={() => setFilters(noFilters)}>
            {a.clear}
          </Button>
        </div>
      )}
      {!backwards && (
        <PagedLog
          query={log}
          caption={a.caption}
          columns={[t.columns.at, t.columns.actor, t.columns.action, t.columns.subject]}
          empty={a.empty}
          row={row}
        />
      )}
    </section>
  );
}
