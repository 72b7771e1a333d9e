import { CloudOff, TriangleAlert } from "lucide-react";
import { type MouseEvent, useState } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { useOutbox } from "./use-outbox.ts";

const t = ui.outbox;

const linkButton =
  "min-h-11 rounded px-1 font-medium text-primary underline underline-offset-2 hover:no-underline disabled:opacity-60 md:min-h-0";

/**
 * Under a queued message: 'Venter på nett' while it waits, or 'Ikke sendt' (and the
 * server's reason, when it gave one) with 'Prøv igjen' and 'Slett'. The state is words,
 * not only a colour or an icon.
 */
export function OutboxStatus({
  outbox,
}: {
  outbox: { clientKey: string; state: "waiting" | "failed"; error?: string | undefined };
}) {
  const queue = useOutbox();
  const [busy, setBusy] = useState(false);

  if (outbox.state === "waiting")
    return (
      <p className="mt-0.5 flex items-center gap-1 text-xs text-muted-fg">
        <CloudOff aria-hidden className="size-3.5" />
        {t.waiting}
      </p>
    );

  const act = (work: () => Promise<void>) => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  const onDelete = (event: MouseEvent<HTMLButtonElement>) => {
    // The row and its buttons go: the focus goes to the composer, where one writes it anew.
    const field = event.currentTarget.closest("[data-thread-body]")?.querySelector("textarea");
    act(async () => {
      await queue.remove(outbox.clientKey);
      field?.focus();
    });
  };

  return (
    <div className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm">
      <p className="flex items-center gap-1 font-medium text-error">
        <TriangleAlert aria-hidden className="size-3.5" />
        {t.notSent}
        {outbox.error && <span className="font-normal text-muted-fg"> – {outbox.error}</span>}
      </p>
      <button
        type="button"
        disabled={busy}
        className={linkButton}
        onClick={() => act(() => queue.retry(outbox.clientKey))}
      >
        {t.retry}
      </button>
      <button type="button" disabled={busy} className={linkButton} onClick={onDelete}>
        {t.delete}
      </button>
    </div>
  );
}
