/**
 * 'Historikk': my decided deals and cancelled offers, newest first, each labelled
 * Godkjent / Avslått / Trukket tilbake / Kansellert, with the note when there is one.
 */
import { History } from "lucide-react";
import type { HistoryItem } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { CardGridSkeleton } from "../../../components/card-grid.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useHistory } from "../api/queries.ts";
import { OfferStatusBadge } from "../card/badges.tsx";
import { OfferFrame } from "../card/OfferFrame.tsx";
import { CardGrid, LoadFailed } from "../list/states.tsx";
import { DealFrame } from "./DealFrame.tsx";

const t = ui.swaps;

const newestFirst = (a: HistoryItem, b: HistoryItem) => Date.parse(b.at) - Date.parse(a.at);

function Entry({ item }: { item: HistoryItem }) {
  const when = <time dateTime={item.at}>{formatDateTime(item.at)}</time>;
  if (item.kind === "offer")
    return (
      <OfferFrame shift={item.offer.shift} corner={<OfferStatusBadge status={item.offer.status} />}>
        <p className="text-sm text-muted-fg">
          {t.history.offerCancelled} · {when}
        </p>
      </OfferFrame>
    );
  return (
    <DealFrame deal={item.deal} status={when}>
      {item.deal.note && <p className="text-sm text-ink">{item.deal.note}</p>}
    </DealFrame>
  );
}

export function HistoryTab() {
  const history = useHistory();
  if (history.isPending) return <CardGridSkeleton label={t.history.loading} />;
  if (history.isError)
    return <LoadFailed title={t.history.failed} error={history.error} onRetry={() => history.refetch()} />;
  if (history.data.items.length === 0)
    return (
      <EmptyState icon={History} title={t.history.empty}>
        {t.history.emptyBody}
      </EmptyState>
    );
  return (
    <CardGrid label={t.tabs.history}>
      {[...history.data.items].sort(newestFirst).map((item) => (
        <Entry key={item.kind === "deal" ? item.deal.id : item.offer.id} item={item} />
      ))}
    </CardGrid>
  );
}
