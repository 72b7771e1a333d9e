/**
 * 'På markedet': colleagues' open department offers, 50 at a time, more as the end of
 * the list scrolls into view (and a 'Vis flere' button where that does not work, or for
 * the keyboard). Mounted only while its tab is open (Radix unmounts the others), so the
 * market is asked for only then (spec §7).
 */
import { Store } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { swapLimits } from "../../../../common/base/limits.ts";
import { ui } from "../../../../common/texts/index.ts";
import { CardGridSkeleton } from "../../../components/card-grid.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { useMarket } from "../api/queries.ts";
import { CardGrid, LoadFailed } from "../list/states.tsx";
import { MarketCard } from "./MarketCard.tsx";

const t = ui.swaps;

/** A callback ref: `onVisible` runs whenever its element scrolls into view. */
function useOnVisible(onVisible: () => void) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return setElement;
}

export function MarketTab() {
  const market = useMarket();
  const more = () => {
    if (market.hasNextPage && !market.isFetchingNextPage) void market.fetchNextPage();
  };
  const sentinel = useOnVisible(more);
  if (market.isPending) return <CardGridSkeleton label={t.market.loading} />;
  if (market.isError)
    return <LoadFailed title={t.market.failed} error={market.error} onRetry={() => market.refetch()} />;
  const offers = market.data.pages.flatMap((p) => p.offers);
  if (offers.length === 0)
    return (
      <EmptyState icon={Store} title={t.market.empty}>
        {t.market.emptyBody}
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <CardGrid label={t.tabs.market}>
        {offers.map((offer) => (
          <MarketCard key={offer.id} offer={offer} />
        ))}
      </CardGrid>
      <div ref={sentinel} className="flex justify-center">
        {market.hasNextPage ? (
          <Button variant="outline" disabled={market.isFetchingNextPage} onClick={more}>
            {t.actions.loadMore}
          </Button>
        ) : (
          offers.length > swapLimits.marketPage && <p className="text-sm text-muted-fg">{t.market.end}</p>
        )}
      </div>
    </div>
  );
}
