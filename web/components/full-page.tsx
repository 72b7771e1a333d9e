import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { ui } from "../../common/texts/index.ts";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/button.tsx";
import { Spinner } from "./ui/spinner.tsx";

/** Shown while the app decides what to show (config, session). */
export function FullPageSpinner({ label = ui.common.loading }: { label?: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted">
      <Spinner label={label} className="size-6" />
    </main>
  );
}

/** The app cannot work at all without this; say so plainly and offer a retry. */
export function FullPageError({
  title,
  body,
  onRetry,
}: {
  title: string;
  body: string;
  onRetry: () => void;
}) {
  return (
    <FullPageCard role="alert">
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-error/10 text-error">
        <TriangleAlert aria-hidden className="size-6" />
      </span>
      <h1 className="text-xl font-semibold text-ink">{title}</h1>
      <p className="mt-2 text-sm text-muted-fg">{body}</p>
      <Button className="mt-6" onClick={onRetry}>
        {ui.common.retry}
      </Button>
    </FullPageCard>
  );
}

/** The one card on a page the app shows instead of itself (an error, the offline start). */
export function FullPageCard({
  role,
  className,
  children,
}: {
  role: "alert" | "status";
  className?: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted p-4">
      <div
        role={role}
        className={cn(
          "w-full max-w-md rounded-xl border border-border bg-white p-8 text-center shadow-sm",
          className,
        )}
      >
        {children}
      </div>
    </main>
  );
}
