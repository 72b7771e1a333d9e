/**
 * The chat index. The route table loads the lists and the thread pages from their
 * folders, so the department chat does not wait for the lists' code.
 */
import { CheckCircle2, MessagesSquare } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import { Page } from "../../components/page.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { useConfig } from "../../lib/config.tsx";

const p = ui.pages;

/**
 * /chat/* : the chat index with the features this installation has switched on and
 * that exist. File upload is not listed while messages cannot carry files yet, whatever
 * its flag says.
 */
export function ChatIndexPage() {
  const { features } = useConfig().config;
  const on = [
    [features.chatReactions, p.chatIndex.reactions],
    [features.channels, p.chatIndex.channels],
  ] as const;
  return (
    <Page title={p.chatIndex.title}>
      <EmptyState icon={MessagesSquare} title={p.chatIndex.placeholder}>
        {on.some(([enabled]) => enabled) && (
          <>
            <p>{p.chatIndex.features}</p>
            <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1">
              {on
                .filter(([enabled]) => enabled)
                .map(([, label]) => (
                  <li key={label} className="flex items-center gap-1.5">
                    <CheckCircle2 aria-hidden className="size-4 text-success" />
                    {label}
                  </li>
                ))}
            </ul>
          </>
        )}
      </EmptyState>
    </Page>
  );
}
