/**
 * 'Logg' (admins): what admins did, newest first, 'Vis flere' for the older ones, and a
 * filter by action from the actions the server says there are. Each row reads as the
 * server words it ('Lars Johansen godkjente vaktbytte …'): names, never codes or ids.
 */
import { CircleAlert, ScrollText } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { AuditEntry } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { SkeletonPersonRow } from "../../../components/ui/skeleton.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAudit } from "../api/queries.ts";

const t = ui.users.log;
const td = "px-3 py-3 align-top";

const actionName = (action: string) => t.actions[action] ?? action;

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable caption={t.caption} columns={[t.columns.at, t.columns.event]}>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className={`${td} tabular w-36 text-muted-fg sm:whitespace-nowrap`}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </td>
          <td className={`${td} text-ink`}>{entry.summary}</td>
        </tr>
      ))}
    </DataTable>
  );
}

export function AuditTab() {
  const [action, setAction] = useState("");
  const audit = useAudit(action);
  const known = audit.data?.pages[0]?.actions ?? [];
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  let content: ReactNode;
  if (audit.isPending)
    content = (
      <div role="status" className="flex flex-col gap-4 rounded-lg border border-border bg-white p-4">
        <span className="sr-only">{t.loading}</span>
        {[0, 1, 2].map((i) => (
          <SkeletonPersonRow key={i} avatar="hidden" />
        ))}
      </div>
    );
  else if (audit.isError)
    content = (
      <EmptyState
        icon={CircleAlert}
        title={t.failed}
        action={
          <Button variant="outline" onClick={() => audit.refetch()}>
            {ui.common.retry}
          </Button>
        }
      />
    );
  else if (entries.length === 0) content = <EmptyState icon={ScrollText} title={t.empty} />;
  else content = <AuditTable entries={entries} />;

  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="audit-title" className="text-lg font-semibold text-ink">
          {t.title}
        </h2>
        <div className="flex w-full flex-col gap-1.5 sm:w-64">
          <Label htmlFor="audit-action">{t.filter}</Label>
          <NativeSelect
            id="audit-action"
            value={action}
            onChange={(e) => setAction(e.target.value)}
            options={[
              { value: "", label: t.allActions },
              ...known.map((value) => ({ value, label: actionName(value) })),
            ]}
          />
        </div>
      </div>
      {content}
      {audit.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={audit.isFetchingNextPage}
          onClick={() => audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? t.loadingMore : t.more}
        </Button>
      )}
    </section>
  );
}
