/**
 * The search dialog (loaded on first opening, see SearchBox.tsx): a field that searches
 * as one types (after a pause of 250 ms), the filters, and the results grouped into
 * messages, files and people. The arrow keys move through the results and Enter opens
 * one: a message (or a file's message) in its thread, highlighted there; a colleague
 * in a direct conversation. Escape closes it. Over the whole screen on a phone, near the
 * top of the window on a wide one. What was typed and chosen is kept until the page is
 * left, so opening it again continues the last search. Closed, the focus returns to the
 * box; a result opened leaves it to the page it opens.
 */
import { CircleAlert, CircleX, Search, SearchX } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { searchLimits } from "../../../common/domain/search.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { overlayClass } from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SkeletonPersonRow } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useOpenThread } from "../../lib/open-thread.ts";
import { directWith } from "../../lib/paths.ts";
import { useSession } from "../../lib/session.tsx";
import { useFollowResults } from "./api/follow.ts";
import { isSearchable, useSearchResults } from "./api/search.ts";
import { noFilters, type SearchFilters, toQuery } from "./filters.ts";
import { messagePath } from "./hits.ts";
import { FilterBar, FilterPanel } from "./SearchFilters.tsx";
import { optionId, type SearchOption, SearchResultList } from "./SearchResultList.tsx";

const t = ui.search;

/** Spec of the issue: the box waits this long after the last key before it searches. */
export const debounceMs = 250;

/** `value` once it has stood still for `ms`; an empty one at once (nothing to wait for). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value.trim() === "") return setSettled(value);
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return value.trim() === "" ? value : settled;
}

/** What a failed search says: the search's own words for its codes, else the server's. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return t.errors.fallback;
  const own: Record<string, string> = t.errors;
  return own[error.code] ?? error.message;
}

export function SearchDialog({
  open,
  onOpenChange,
  summons,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** changes when Ctrl+K is pressed again: the field takes the focus */
  summons: number;
  /** the dialog has closed: the focus goes back to the box */
  onClosed: () => void;
}) {
  const [q, setQ] = useState("");
  const [filters, setFilters] = useState<SearchFilters>(noFilters);
  const [panelOpen, setPanelOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // A result opened: its page takes the focus (the thread's message, a conversation's
  // field). Radix gives it back a moment after closing, which would take it from there.
  const leaving = useRef(false);

  const focusField = useCallback(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each Ctrl+K focuses the field again
  useEffect(() => {
    if (open) focusField();
  }, [summons]);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            focusField();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!leaving.current) onClosed();
            leaving.current = false;
          }}
          className={cn(
            "fixed inset-0 z-50 flex flex-col bg-white shadow-2xl focus:outline-none",
            "md:inset-auto md:top-[8vh] md:left-1/2 md:max-h-[84vh] md:w-[calc(100vw-2rem)] md:max-w-2xl md:-translate-x-1/2",
            "md:overflow-hidden md:rounded-xl md:border md:border-border",
          )}
        >
          <RadixDialog.Title className="sr-only">{t.title}</RadixDialog.Title>
          <SearchPanel
            q={q}
            onQ={setQ}
            filters={filters}
            onFilters={setFilters}
            panelOpen={panelOpen}
            onTogglePanel={() => setPanelOpen((o) => !o)}
            fieldRef={field}
            onLeave={() => {
              leaving.current = true;
              onOpenChange(false);
            }}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The dialog's body: mounted while it is open, so the results are read again on each opening. */
function SearchPanel({
  q,
  onQ,
  filters,
  onFilters,
  panelOpen,
  onTogglePanel,
  fieldRef,
  onLeave,
}: {
  q: string;
  onQ: (q: string) => void;
  filters: SearchFilters;
  onFilters: (f: SearchFilters) => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
  fieldRef: RefObject<HTMLInputElement | null>;
  /** a result is being opened: the dialog closes and leaves the focus to its page */
  onLeave: () => void;
}) {
  const navigate = useNavigate();
  const { user, currentDeptId } = useSession();
  const openThread = useOpenThread();
  const listId = useId();
  const panelId = useId();
  const hintId = useId();

  const settled = useSettled(q, debounceMs);
  const query = useMemo(() => toQuery(settled, filters), [settled, filters]);
  const searchable = isSearchable(query);
  const results = useSearchResults(query);
  const data = searchable ? results.data : undefined;
  useFollowResults(data);

  const options = useMemo<SearchOption[]>(
    () =>
      data
        ? [
            ...data.messages.map((hit) => ({ kind: "message" as const, id: hit.id, hit })),
            ...data.files.map((hit) => ({ kind: "file" as const, id: hit.id, hit })),
            // Oneself is no one to write to.
            ...data.people
              .filter((p) => p.userId !== user.id)
              .map((hit) => ({ kind: "person" as const, id: hit.userId, hit })),
          ]
        : [],
    [data, user.id],
  );

  // The active option: the one the keys or the pointer chose while it is still there, else the first.
  const [chosen, setChosen] = useState<string | null>(null);
  const ids = options.map((o) => optionId(listId, o));
  const activeIndex = Math.max(0, chosen ? ids.indexOf(chosen) : 0);
  const activeId = ids[activeIndex] ?? null;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: "nearest" });
  }, [activeId]);

  const openOption = (option: SearchOption) => {
    const to =
      option.kind === "person"
        ? directWith(option.hit.userId)
        : option.kind === "message"
          ? messagePath(option.hit.thread, option.hit.id, currentDeptId)
          : messagePath(option.hit.thread, option.hit.messageId, currentDeptId);
    onLeave();
    navigate(to);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const step = e.key === "ArrowDown" ? 1 : e.key === "ArrowUp" ? -1 : 0;
    if (step && options.length > 0) {
      e.preventDefault();
      const next = Math.min(options.length - 1, Math.max(0, activeIndex + step));
      setChosen(ids[next] ?? null);
    } else if (e.key === "Enter") {
      e.preventDefault();
      const option = options[activeIndex];
      if (option) openOption(option);
    }
  };

  const fetching = results.isFetching && searchable;
  let body: ReactNode;
  let status = "";
  if (!searchable) {
    const typed = q.trim().length > 0;
    body = (
      <EmptyState icon={Search} title={typed ? t.tooShort : t.intro} className="m-3 border-none py-10 md:m-4">
        {!typed && t.introTips}
      </EmptyState>
    );
  } else if (results.isError && !data) {
    body = <Failure error={results.error} onRetry={() => void results.refetch()} />;
  } else if (!data) {
    status = t.searching;
    body = (
      <div aria-hidden className="flex flex-col gap-4 px-3 py-4 md:px-4">
        {[0, 1, 2, 3].map((i) => (
          <SkeletonPersonRow key={i} avatar="size-8" lines={["h-3.5 w-48", "h-3.5 w-full max-w-md"]} />
        ))}
      </div>
    );
  } else if (options.length === 0) {
    status = t.found(0);
    body = (
      <EmptyState icon={SearchX} title={t.empty} className="m-3 border-none py-10 md:m-4">
        {t.emptyBody}
      </EmptyState>
    );
  } else {
    status = fetching ? t.searching : t.found(options.length);
    body = (
      <>
        {results.isError && <Failure error={results.error} onRetry={() => void results.refetch()} compact />}
        {data.moreMessages && (
          <p className="border-b border-border bg-info/5 px-3 py-2 text-xs text-ink md:px-4">
            {t.more(data.messages.length)}
          </p>
        )}
        <SearchResultList
          listId={listId}
          options={options}
          activeId={activeId}
          busy={fetching}
          onActivate={(o) => setChosen(optionId(listId, o))}
          onOpen={openOption}
        />
      </>
    );
  }

  return (
    <>
      <div className="flex h-16 shrink-0 items-center gap-2 border-b border-border pr-2 pl-3 focus-within:bg-muted/40 md:pl-4">
        {fetching ? (
          <Spinner className="size-5" />
        ) : (
          <Search aria-hidden className="size-5 shrink-0 text-muted-fg" />
        )}
        <input
          ref={fieldRef}
          type="text"
          role="combobox"
          aria-label={t.fieldLabel}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeId ?? undefined}
          aria-autocomplete="list"
          aria-describedby={hintId}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={searchLimits.queryMax}
          placeholder={t.placeholder}
          value={q}
          onChange={(e) => {
            onQ(e.currentTarget.value);
            setChosen(null);
          }}
          onKeyDown={onKeyDown}
          className="h-11 min-w-0 flex-1 bg-transparent text-base text-ink placeholder:text-muted-fg focus:outline-none"
        />
        {q && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t.clear}
            onClick={() => {
              onQ("");
              fieldRef.current?.focus();
            }}
            className="text-muted-fg md:size-9"
          >
            <CircleX aria-hidden />
          </Button>
        )}
        <RadixDialog.Close asChild>
          <Button variant="ghost" size="sm" aria-label={t.close} className="text-muted-fg">
            <span className="md:hidden">{ui.common.close}</span>
            <kbd
              aria-hidden
              className="hidden rounded border border-border px-1.5 font-sans text-xs md:inline"
            >
              Esc
            </kbd>
          </Button>
        </RadixDialog.Close>
      </div>
      <FilterBar
        filters={filters}
        onChange={onFilters}
        panelId={panelId}
        panelOpen={panelOpen}
        onTogglePanel={onTogglePanel}
        openThread={openThread}
      />
      {panelOpen && (
        <FilterPanel id={panelId} filters={filters} onChange={onFilters} openThread={openThread} />
      )}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{body}</div>
      <p role="status" className="sr-only">
        {status}
      </p>
      <p
        id={hintId}
        className="hidden shrink-0 border-t border-border bg-muted/40 px-4 py-2 text-xs text-muted-fg md:block"
      >
        {t.keyboardHint}
      </p>
    </>
  );
}

function Failure({
  error,
  onRetry,
  compact = false,
}: {
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
}) {
  const text = failureText(error);
  if (compact)
    return (
      <p
        role="alert"
        className="flex items-center gap-2 border-b border-border bg-error/5 px-3 py-2 text-sm md:px-4"
      >
        <CircleAlert aria-hidden className="size-4 shrink-0 text-error" />
        <span className="flex-1">{text}</span>
        <Button variant="ghost" size="sm" onClick={onRetry} className="md:h-8">
          {ui.common.retry}
        </Button>
      </p>
    );
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-error/10 text-error">
        <CircleAlert aria-hidden className="size-6" />
      </span>
      <p className="max-w-sm font-medium text-ink">{text}</p>
      <Button variant="outline" onClick={onRetry}>
        {ui.common.retry}
      </Button>
    </div>
  );
}
