import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useRef } from "react";
import type { ThreadDto } from "../../../../common/schemas/chat.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ApiError } from "../../../lib/api.ts";
import { MessageSkeleton } from "./MessageList.tsx";
import { ThreadState, type ThreadTexts, ThreadView } from "./ThreadView.tsx";
import { useFillViewport } from "./use-fill-viewport.ts";

/**
 * A thread's page: its header (title, subtitle, badges, actions) above the messages and
 * the composer, filling the window below the app's own header.
 */
export function ThreadFrame({
  title,
  subtitle,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useFillViewport(frame);
  return (
    <div ref={frame} className="flex flex-col bg-white">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-border px-4 py-3 md:px-6">
        <div className="min-w-0">
          <h1 className="flex min-w-0 items-center gap-2 text-xl font-semibold tracking-tight text-ink">
            {title}
          </h1>
          {subtitle && <div className="mt-0.5 text-sm text-muted-fg">{subtitle}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/**
 * The body of a thread's page once its header query answers: loading, failure (a
 * thread one may not see answers 404, like a missing one), or the thread itself.
 */
export function ThreadBody({
  query,
  texts,
  notFound,
  readOnly,
}: {
  query: UseQueryResult<ThreadDto>;
  texts: ThreadTexts;
  notFound?: { title: string; body: string };
  readOnly?: ReactNode;
}) {
  if (query.isPending) return <MessageSkeleton label={texts.loading} />;
  if (query.isError) {
    if (notFound && query.error instanceof ApiError && query.error.status === 404)
      return (
        <div className="flex flex-1 items-center justify-center p-4">
          <EmptyState title={notFound.title} className="w-full max-w-lg">
            {notFound.body}
          </EmptyState>
        </div>
      );
    return <ThreadState failed={texts.failed} onRetry={() => void query.refetch()} />;
  }
  // One view per thread: a reply or an edit never carries over to another thread.
  return <ThreadView key={query.data.id} thread={query.data} texts={texts} readOnly={readOnly} />;
}
