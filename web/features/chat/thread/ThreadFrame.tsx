import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useRef } from "react";
import { Link } from "react-router";
import type { ThreadDto } from "../../../../common/schemas/chat.ts";
import { buttonClass } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ApiError } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { MessageSkeleton } from "./MessageList.tsx";
import { ThreadState, type ThreadTexts, ThreadView } from "./ThreadView.tsx";
import { useFillViewport } from "./use-fill-viewport.ts";

/**
 * A thread's page: its header (title, subtitle, badges, actions) above the messages and
 * the composer, filling the window below the app's own header. On a phone, a thread of a
 * list (a conversation, a channel) shows its name with an arrow back to the list; the
 * department's and the shift's chat are named by the app's header alone (one title).
 */
export function ThreadFrame({
  title,
  subtitle,
  actions,
  back,
  below,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** under the header, above the messages (the shift's duty roles) */
  below?: ReactNode;
  /** the list this thread belongs to, and the back arrow's name */
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useFillViewport(frame);
  return (
    <div ref={frame} className="flex flex-col bg-white">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-border px-4 py-3 md:px-6">
        <div className="flex min-w-0 items-center gap-1">
          {back && (
            <Link
              to={back.to}
              aria-label={back.label}
              className={cn(buttonClass("ghost", "icon"), "-ml-2 md:hidden [&_svg]:size-5")}
            >
              <ArrowLeft aria-hidden />
            </Link>
          )}
          <div className="min-w-0">
            <h1
              className={cn(
                "flex min-w-0 items-center gap-2 text-xl font-semibold tracking-tight text-ink",
                !back && "max-md:sr-only",
              )}
            >
              {title}
            </h1>
            {subtitle && <div className="text-sm text-muted-fg md:mt-0.5">{subtitle}</div>}
          </div>
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {below}
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
