/**
 * What every swap list shows besides its items (ui.md): an error with a retry, and the
 * grid the cards sit in (`components/card-grid.tsx`, whose skeleton shows while loading).
 */
import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { cardGridClass } from "../../../components/card-grid.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { errorText } from "../../../lib/api.ts";

/** A list that could not load: what failed, the server's reason when it gave one, a retry. */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const message = errorText(error, title);
  return (
    <EmptyState
      icon={CircleAlert}
      title={title}
      action={
        <Button variant="outline" onClick={onRetry}>
          {ui.swaps.actions.retry}
        </Button>
      }
    >
      {message !== title && message}
    </EmptyState>
  );
}

export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className={cardGridClass}>
      {children}
    </ul>
  );
}
