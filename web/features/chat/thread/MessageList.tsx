import { useVirtualizer } from "@tanstack/react-virtual";
import { ArrowDown, MessagesSquare } from "lucide-react";
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { groupStarts } from "../../../../common/domain/chat-grouping.ts";
import { dateDividers } from "../../../../common/texts/chat-dates.ts";
import { ui } from "../../../../common/texts/index.ts";
import { replyPreview } from "../../../../common/texts/reply-preview.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { SkeletonPersonRow } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { ThreadMessage } from "../api/message-cache.ts";
import { MessageItem } from "./MessageItem.tsx";

const t = ui.thread;

/** Spec §9: follow new messages within 100 px of the bottom; offer the way down beyond 10 px. */
const followWithinPx = 100;
const buttonBeyondPx = 10;
const wayDownAfterMs = 300;
/** Older messages load while the reader is this close to the top. */
const olderWithinPx = 400;
/** Spec §9: a message jumped to stays highlighted this long. */
const highlightMs = 1500;
/** Frames a message jumped to is held in the middle while the rows around it settle. */
const settleFrames = 40;

/**
 * A row of the list: a message, with the date divider above it when it begins an Oslo
 * day. The divider belongs to its message's row, so every row's key is a message id
 * that stays put when older pages are added above (the list keeps its place by them).
 */
interface Row {
  message: ThreadMessage;
  groupStart: boolean;
  day: string | null;
}

function rowsOf(messages: readonly ThreadMessage[], now: Date): Row[] {
  const times = messages.map((m) => new Date(m.createdAt));
  const dividers = new Map(dateDividers(times, now).map((d) => [d.index, d.label]));
  const starts = groupStarts(
    messages.map((m, i) => ({
      authorId: m.author?.userId ?? null,
      createdAt: times[i]!,
      deletedAt: m.deletedAt ? new Date(m.deletedAt) : null,
    })),
  );
  return messages.map((message, i) => ({ message, groupStart: starts[i]!, day: dividers.get(i) ?? null }));
}

const estimate = (row: Row | undefined) => (row?.day ? 44 : 0) + (row?.groupStart ? 64 : 28);

function DayDivider({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 px-4 pt-4 pb-1 md:px-6">
      <span aria-hidden className="h-px flex-1 bg-border" />
      {/* A heading per day: screen readers can move through the days. */}
      <h2 className="text-xs font-medium text-muted-fg first-letter:uppercase">{label}</h2>
      <span aria-hidden className="h-px flex-1 bg-border" />
    </div>
  );
}

/** Rows of a message's shape while a thread's history loads: widths vary, as text does. */
const skeletonRows = ["w-3/4", "w-1/2", "w-5/6", "w-2/5", "w-2/3"];

/**
 * In the list's place while the history loads: a few grey message rows at the bottom,
 * where the newest messages will be, in place of a spinner over the whole thread.
 */
export function MessageSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-busy
      className="flex min-h-0 flex-1 flex-col justify-end gap-4 overflow-hidden pb-4"
    >
      <span className="sr-only">{label}</span>
      {skeletonRows.map((width) => (
        <SkeletonPersonRow
          key={width}
          className="px-4 md:px-6"
          avatar="size-9 shrink-0"
          lines={["h-4 w-32", `h-3.5 ${width} max-w-md`]}
        />
      ))}
    </div>
  );
}

/**
 * The messages of a thread, oldest at the top, virtualised: only the rows near the view
 * are in the page. Opens at the newest; older pages load while scrolling up and keep the
 * reader's place; new messages are followed near the bottom and announced politely.
 * Arrow keys move between messages; one message at a time is in the tab order.
 */
export function MessageList({
  messages,
  meId,
  emptyText,
  hasOlder,
  olderState,
  loadOlder,
  jumpTarget,
  onJumped,
  onNewestSeen,
}: {
  messages: readonly ThreadMessage[];
  meId: string;
  emptyText: string;
  hasOlder: boolean;
  olderState: "idle" | "loading" | "failed";
  loadOlder: () => Promise<void>;
  /** a message to scroll to (a reply's quote was clicked); older pages load until it is found */
  jumpTarget: string | null;
  onJumped: () => void;
  onNewestSeen: (messageId: string) => void;
}) {
  const scroller = useRef<HTMLElement>(null);
  const rows = useMemo(() => rowsOf(messages, new Date()), [messages]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimate(rows[index]),
    getItemKey: (index) => rows[index]?.message.id ?? index,
    overscan: 8,
    // The thread opens at its newest message: the first render already holds the rows
    // at the end (placed by their estimates). From the top, the rows there were mounted,
    // measured and thrown away again a moment later, when the list was scrolled down.
    initialRect: { width: 0, height: window.innerHeight },
    initialOffset: () => Math.max(0, rows.reduce((sum, row) => sum + estimate(row), 0) - window.innerHeight),
    // Rows added above keep the reader's place; rows added below are followed near the end.
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: followWithinPx,
  });
  const items = virtualizer.getVirtualItems();
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");

  // Open at the newest message.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || rows.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [rows.length, virtualizer]);

  // My own new message is always followed; others' are announced.
  const newest = messages.at(-1);
  const announcedAfter = useRef(newest?.id);
  useEffect(() => {
    if (!newest || newest.id === announcedAfter.current) return;
    const first = announcedAfter.current === undefined;
    announcedAfter.current = newest.id;
    if (newest.pending) virtualizer.scrollToEnd();
    else if (!first && newest.author?.userId !== meId)
      setAnnouncement(
        t.newMessageFrom(newest.author?.fullName ?? t.unknownAuthor, replyPreview(newest.content)),
      );
  }, [newest, meId, virtualizer]);

  // The view shrinks when the composer grows or a phone's keyboard opens: a reader at
  // the newest message stays there.
  const atEnd = useRef(true);
  // The way down shows once the reader has stayed away from the newest message a moment:
  // while a thread opens, rows measured taller than estimated leave it short of the end
  // for about 150 ms, which flashed the button on every open.
  const [awayFromEnd, setAwayFromEnd] = useState(false);
  const [showWayDown, setShowWayDown] = useState(false);
  useEffect(() => {
    if (!awayFromEnd) return setShowWayDown(false);
    const timer = window.setTimeout(() => setShowWayDown(true), wayDownAfterMs);
    return () => window.clearTimeout(timer);
  }, [awayFromEnd]);
  const hasMessages = messages.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list element only exists once there are messages
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (atEnd.current) virtualizer.scrollToEnd();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [virtualizer, hasMessages]);

  const onScroll = () => {
    const element = scroller.current;
    if (element) {
      atEnd.current = element.scrollHeight - element.clientHeight - element.scrollTop <= buttonBeyondPx;
      setAwayFromEnd(!atEnd.current);
    }
    loadOlderIfNear();
  };

  const loadOlderIfNear = () => {
    const element = scroller.current;
    if (!element || !hasOlder || olderState !== "idle") return;
    // Also when the messages do not fill the view, so there is nothing to scroll.
    if (element.scrollTop < olderWithinPx || element.scrollHeight <= element.clientHeight) void loadOlder();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever the rows change
  useEffect(loadOlderIfNear, [rows.length, hasOlder, olderState]);

  const rowsNow = useRef(rows);
  rowsNow.current = rows;

  /**
   * Centres a message jumped to, and again each frame for a moment: rows measured taller
   * than estimated, or an older page put before it, would move it out of view. Found by
   * its id each time (its index moves with a page before it); the user's own scrolling
   * ends it at once.
   */
  const settleOn = (id: string) => {
    const element = scroller.current;
    let frames = 0;
    let moved = false;
    const stop = () => {
      moved = true;
    };
    const inputs = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
    for (const input of inputs) element?.addEventListener(input, stop, { passive: true });
    const centre = () => {
      const index = rowsNow.current.findIndex((row) => row.message.id === id);
      if (moved || index < 0 || !scroller.current || ++frames > settleFrames) {
        for (const input of inputs) element?.removeEventListener(input, stop);
        return;
      }
      virtualizer.scrollToIndex(index, { align: "center" });
      requestAnimationFrame(centre);
    };
    centre();
  };

  // A quoted message: scroll to it once held, loading older pages until then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: settleOn reads the latest rows through a ref
  useEffect(() => {
    if (!jumpTarget) return;
    const index = rows.findIndex((row) => row.message.id === jumpTarget);
    if (index >= 0) {
      // Away from the newest message now: a resize must not pull the view back there.
      atEnd.current = false;
      settleOn(jumpTarget);
      setHighlighted(jumpTarget);
      onJumped();
    } else if (hasOlder && olderState === "idle") void loadOlder();
    else if (!hasOlder || olderState === "failed") onJumped();
  }, [jumpTarget, rows, hasOlder, olderState, loadOlder, onJumped, virtualizer]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(null), highlightMs);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  // Read once the newest message is on screen in a visible tab.
  const newestConfirmed = messages.findLast((m) => !m.pending);
  const newestInView = (virtualizer.range?.endIndex ?? -1) >= rows.length - 1;
  useEffect(() => {
    if (!newestConfirmed || !newestInView) return;
    const mark = () => {
      if (document.visibilityState === "visible") onNewestSeen(newestConfirmed.id);
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [newestConfirmed, newestInView, onNewestSeen]);

  // Roving focus: the message last focused, else the newest one on screen.
  const rendered = items.flatMap((item) => rows[item.index]?.message.id ?? []);
  const focusableId = activeId && rendered.includes(activeId) ? activeId : rendered.at(-1);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if ((event.key !== "ArrowUp" && event.key !== "ArrowDown") || !target.dataset.messageId) return;
    const all = [...(scroller.current?.querySelectorAll<HTMLElement>("[data-message-id]") ?? [])];
    const next = all[all.indexOf(target) + (event.key === "ArrowUp" ? -1 : 1)];
    if (!next) return;
    event.preventDefault();
    next.focus({ preventScroll: true });
    next.scrollIntoView({ block: "nearest" });
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {messages.length === 0 ? (
        <div className="flex flex-1 items-center justify-center p-4">
          <EmptyState
            icon={MessagesSquare}
            title={emptyText}
            className="w-full max-w-lg border-none bg-transparent"
          />
        </div>
      ) : (
        <section
          ref={scroller}
          aria-label={t.messagesLabel}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            const id = (event.target as HTMLElement).dataset.messageId;
            if (id) setActiveId(id);
          }}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
        >
          <div className="flex min-h-full flex-col justify-end pb-2">
            <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const row = rows[item.index]!;
                return (
                  <div
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    className="absolute top-0 left-0 w-full"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    {row.day && <DayDivider label={row.day} />}
                    <MessageItem
                      message={row.message}
                      groupStart={row.groupStart}
                      highlighted={highlighted === row.message.id}
                      focusable={focusableId === row.message.id}
                    />
                  </div>
                );
              })}
            </div>
          </div>
        </section>
      )}
      {olderState === "loading" && (
        <div className="pointer-events-none absolute inset-x-0 top-2 flex justify-center">
          <span className="rounded-full border border-border bg-white px-3 py-1 shadow-sm">
            <Spinner className="size-4" label={t.loadingOlder} />
          </span>
        </div>
      )}
      {olderState === "failed" && (
        <div className="absolute inset-x-0 top-2 flex justify-center">
          <p
            role="alert"
            className="flex items-center gap-2 rounded-full border border-border bg-white py-1 pr-1 pl-3 text-sm shadow-sm"
          >
            {t.olderFailed}
            <Button size="sm" variant="ghost" className="h-7" onClick={() => void loadOlder()}>
              {ui.common.retry}
            </Button>
          </p>
        </div>
      )}
      {messages.length > 0 && showWayDown && (
        <Button
          variant="outline"
          size="icon"
          aria-label={t.scrollToBottom}
          onClick={() => virtualizer.scrollToEnd({ behavior: "smooth" })}
          className="absolute right-4 bottom-3 rounded-full shadow-md"
        >
          <ArrowDown aria-hidden />
        </Button>
      )}
    </div>
  );
}
