/**
 * A section of the admin page ('Arbeidstidsregler', 'Kompetanse', 'Oppbevaring'): a
 * framed region named by its heading, a line on what it is for, an action beside the
 * heading if it has one; and the two states of its data before there is any to show.
 */
import { type ReactNode, useId } from "react";
import { ui } from "../../common/texts/index.ts";
import { errorText } from "../lib/api.ts";
import { Button } from "./ui/button.tsx";
import { EmptyState } from "./ui/empty-state.tsx";
import { Skeleton } from "./ui/skeleton.tsx";

export function AdminSection({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  intro: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          <p className="text-sm text-muted-fg">{intro}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Placeholders of the rows to come, announced by `label`. */
export function SectionLoading({ label, rows, rowClass }: { label: string; rows: number; rowClass: string }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count
        <Skeleton key={i} className={rowClass} />
      ))}
    </div>
  );
}

/** The data could not be read: why, and 'Prøv igjen'. */
export function SectionFailed({
  title,
  error,
  retry,
  retryLabel,
}: {
  title: string;
  error: unknown;
  retry: () => void;
  retryLabel: string;
}) {
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="outline" onClick={retry}>
          {retryLabel}
        </Button>
      }
    >
      {errorText(error, ui.common.networkError)}
    </EmptyState>
  );
}
