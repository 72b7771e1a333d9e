/**
 * /shifts/swaps 'Vaktbytte' (spec §2 Swaps): 'Auto-match' for leaders and admins when
 * the brand has it, 'Nytt tilbud', and the tabs 'Mine tilbud', 'På markedet', 'Venter
 * svar', 'Historikk'. The tab is in the address (`?tab=market`), so a link, the bell or
 * a reload opens the same one. Nothing is asked before the department is known.
 */
import { Plus, Sparkles } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { isLeaderOrAdmin } from "../../../../common/domain/roles.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Page } from "../../../components/page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useFeature } from "../../../lib/config.tsx";
import { useSession } from "../../../lib/session.tsx";
import { useFollowSwaps } from "../api/follow.ts";
import { useAutoMatch } from "../api/mutations.ts";
import { useDeals } from "../api/queries.ts";
import { HistoryTab } from "../deals/HistoryTab.tsx";
import { WaitingTab } from "../deals/WaitingTab.tsx";
import { CreateOfferDialog } from "../form/CreateOfferDialog.tsx";
import { MarketTab } from "../market/MarketTab.tsx";
import { MineTab } from "../mine/MineTab.tsx";

const t = ui.swaps;

const swapTabs = ["mine", "market", "waiting", "history"] as const;
type SwapTab = (typeof swapTabs)[number];
const tabParam = "tab";

const tabOf = (asked: string | null): SwapTab => swapTabs.find((tab) => tab === asked) ?? "mine";

function AutoMatchButton() {
  const run = useAutoMatch();
  return (
    <Button variant="outline" disabled={run.isPending} onClick={() => run.mutate()}>
      <Sparkles aria-hidden />
      {run.isPending ? t.automatch.running : t.autoMatch}
    </Button>
  );
}

function SwapTabs({ onCreate }: { onCreate: () => void }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get(tabParam));
  // Only 'Venter svar' carries a count: the department's count of open offers includes
  // my own, which my market leaves out.
  const waiting = useDeals("waiting").data?.deals.length;
  const show = (next: string) =>
    setParams((prev) => {
      const updated = new URLSearchParams(prev);
      if (next === "mine") updated.delete(tabParam);
      else updated.set(tabParam, next);
      return updated;
    });
  return (
    <Tabs value={tab} onValueChange={show}>
      {/* Two by two on a phone: all four tabs in sight, none scrolled out of reach. */}
      <TabsList aria-label={t.tabsLabel} className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
        {swapTabs.map((key) => (
          <TabsTrigger key={key} value={key}>
            {t.tab(t.tabs[key], key === "waiting" ? waiting : undefined)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="mine">
        <MineTab onCreate={onCreate} />
      </TabsContent>
      <TabsContent value="market">
        <MarketTab />
      </TabsContent>
      <TabsContent value="waiting">
        <WaitingTab />
      </TabsContent>
      <TabsContent value="history">
        <HistoryTab />
      </TabsContent>
    </Tabs>
  );
}

export function SwapsPage() {
  useFollowSwaps();
  const { role, currentDeptId } = useSession();
  const automatch = useFeature("swapsAutomatch");
  const [creating, setCreating] = useState(false);
  const page = ui.pages.swaps;
  if (currentDeptId === null)
    return (
      <Page title={page.title} subtitle={page.subtitle}>
        <p role="status" className="text-sm text-muted-fg">
          {t.loading}
        </p>
      </Page>
    );
  return (
    <Page
      title={page.title}
      subtitle={page.subtitle}
      actions={
        <>
          {automatch && isLeaderOrAdmin(role) && <AutoMatchButton />}
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t.newOffer}
          </Button>
        </>
      }
    >
      <SwapTabs onCreate={() => setCreating(true)} />
      <CreateOfferDialog open={creating} onOpenChange={setCreating} />
    </Page>
  );
}
