/** The swap screens' frames until the swaps issue fills them. */
import { ArrowLeftRight, Repeat } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import { ComingSoon, Page } from "../../components/page.tsx";

const p = ui.pages;

export function SwapsPage() {
  return (
    <Page title={p.swaps.title} subtitle={p.swaps.subtitle}>
      <ComingSoon icon={ArrowLeftRight} />
    </Page>
  );
}

export function SwapsAdminPage() {
  return (
    <Page title={p.swapsAdmin.title} subtitle={p.swapsAdmin.subtitle}>
      <ComingSoon icon={Repeat} />
    </Page>
  );
}
