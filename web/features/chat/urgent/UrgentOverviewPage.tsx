/**
 * 'Haster' for the department's leaders (issue 26): its urgent messages of the last 24
 * hours, newest first, each with 'Bekreftet av n av m', who has and has not, and whether
 * the leaders were told of silence. Followed live.
 */
import { Siren } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import type { UrgentOverviewItem } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Page } from "../../../components/page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatDateTime, formatTime } from "../../../lib/dates.ts";
import { paths } from "../../../lib/paths.ts";
import { useUrgentOverview } from "../api/urgent.ts";
import { UrgentMarker } from "./MessageReach.tsx";

const t = ui.urgent;

const threadPath = (item: UrgentOverviewItem) =>
  item.threadKind === "shift" ? paths.chat.shift : paths.chat.department;

function Item({ item }: { item: UrgentOverviewItem }) {
  const done = item.total > 0 && item.acknowledged === item.total;
  return (
    <li className="rounded-lg border border-border bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0">
          <UrgentMarker />
          <span className="font-semibold text-ink">
            {withoutBidiControls(item.sender?.fullName ?? ui.thread.unknownAuthor)}
          </span>
          <span className="text-muted-fg"> · {t.threadKinds[item.threadKind]} · </span>
          <time dateTime={item.sentAt} title={formatDateTime(item.sentAt)} className="text-muted-fg tabular">
            {formatTime(item.sentAt)}
          </time>
        </p>
        <p className={cn("text-sm font-medium", done ? "text-success" : "text-error")}>
          {t.acknowledgedBy(item.acknowledged, item.total)}
        </p>
      </div>
      <p className="mt-1 text-[15px] text-ink">{item.preview}</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {item.people.map((p) => (
          <li key={p.userId} className={p.acknowledgedAt ? "text-ink" : "text-error"}>
            {withoutBidiControls(p.fullName)}
            {p.roleName && ` (${p.roleName})`}
            {": "}
            {p.acknowledgedAt ? `${t.acknowledged} ${formatTime(p.acknowledgedAt)}` : t.notAcknowledged}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        {item.escalatedAt && <span className="text-muted-fg">{t.overviewEscalated}</span>}
        <Button asChild variant="link" size="sm">
          <Link to={threadPath(item)}>{t.openThread}</Link>
        </Button>
      </div>
    </li>
  );
}

export function UrgentOverviewPage() {
  const overview = useUrgentOverview();
  let body: ReactNode;
  if (overview.isPending)
    body = (
      <div className="flex flex-col gap-3" aria-busy>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  else if (overview.isError)
    body = (
      <EmptyState icon={Siren} title={t.overviewFailed}>
        <Button variant="outline" onClick={() => void overview.refetch()}>
          {ui.common.retry}
        </Button>
      </EmptyState>
    );
  else if (overview.data.messages.length === 0) body = <EmptyState icon={Siren} title={t.overviewEmpty} />;
  else
    body = (
      <ul className="flex flex-col gap-3">
        {overview.data.messages.map((item) => (
          <Item key={item.messageId} item={item} />
        ))}
      </ul>
    );
  return (
    <Page title={t.overviewTitle} subtitle={t.overviewSubtitle}>
      {body}
    </Page>
  );
}
