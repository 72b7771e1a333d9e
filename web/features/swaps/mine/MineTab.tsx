/** 'Mine tilbud': my offers with the filter bar, or what to do when there are none. */
import { ArrowLeftRight, SearchX } from "lucide-react";
import { useState } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { CardGridSkeleton } from "../../../components/card-grid.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { useMyOffers } from "../api/queries.ts";
import { CardGrid, LoadFailed } from "../list/states.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { filterOffers, noFilters } from "./filters.ts";
import { OfferCard } from "./OfferCard.tsx";

const t = ui.swaps;

export function MineTab({ onCreate }: { onCreate: () => void }) {
  const offers = useMyOffers();
  const [filters, setFilters] = useState(noFilters);
  if (offers.isPending) return <CardGridSkeleton label={t.mine.loading} />;
  if (offers.isError)
    return <LoadFailed title={t.mine.failed} error={offers.error} onRetry={() => offers.refetch()} />;
  const all = offers.data.offers;
  if (all.length === 0)
    return (
      <EmptyState
        icon={ArrowLeftRight}
        title={t.mine.empty}
        action={<Button onClick={onCreate}>{t.actions.createFirst}</Button>}
      >
        {t.mine.emptyBody}
      </EmptyState>
    );
  const shown = filterOffers(all, filters);
  return (
    <div className="flex flex-col gap-4">
      <FilterBar filters={filters} onChange={setFilters} shown={shown.length} total={all.length} />
      {shown.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t.mine.noMatches}
          action={
            <Button variant="outline" onClick={() => setFilters(noFilters)}>
              {t.actions.resetFilters}
            </Button>
          }
        >
          {t.mine.noMatchesBody}
        </EmptyState>
      ) : (
        <CardGrid label={t.tabs.mine}>
          {shown.map((offer) => (
            <OfferCard key={offer.id} offer={offer} />
          ))}
        </CardGrid>
      )}
    </div>
  );
}
