/**
 * What both views of the access log share: a table of rows, newest first, a skeleton
 * while the first page loads, a retry when it fails, the empty state, and 'Vis flere'
 * for the older rows (pages of 50, as the admin log's).
 */
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { CircleAlert, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import type { AccessEntry } from "../../../common/schemas/access-log.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SkeletonPersonRow } from "../../components/ui/skeleton.tsx";
import { UserText } from "../../components/user-text.tsx";
import { formatDateTime } from "../../lib/dates.ts";

const t = ui.accessLog;
export const cell = "px-3 py-3 align-top";

/** When, who and what: the cells every row starts with. */
export function EntryCells({ entry, actor }: { entry: AccessEntry; actor?: ReactNode }) {
  return (
    <>
      <td className={`${cell} tabular w-36 text-muted-fg sm:whitespace-nowrap`}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </td>
      <td className={`${cell} text-ink`}>
        {actor ?? (entry.actor ? <UserText>{entry.actor.name}</UserText> : t.deletedUser)}
      </td>
      <td className={`${cell} text-ink`}>{t.actions[entry.action]}</td>
    </>
  );
}

export function PagedLog<E>({
  query,
  caption,
  columns,
  empty,
  row,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ entries: E[] }>>;
  caption: string;
  columns: readonly string[];
  empty: string;
  row: (entry: E) => ReactNode;
}) {
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  if (query.isPending)
    return (
      <div role="status" className="flex flex-col gap-4 rounded-lg border border-border bg-white p-4">
        <span className="sr-only">{t.loading}</span>
        {[0, 1, 2].map((i) => (
          <SkeletonPersonRow key={i} avatar="hidden" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <EmptyState
        icon={CircleAlert}
        title={t.failed}
        titleAs="h3"
        action={
          <Button variant="outline" onClick={() => query.refetch()}>
            {ui.common.retry}
          </Button>
        }
      />
    );
  if (entries.length === 0) return <EmptyState icon={ShieldCheck} title={empty} titleAs="h3" />;
  return (
    <div className="flex flex-col gap-4">
      <DataTable caption={caption} columns={columns}>
        {entries.map(row)}
      </DataTable>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t.loadingMore : t.more}
        </Button>
      )}
    </div>
  );
}
