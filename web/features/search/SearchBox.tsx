/**
 * The search box (issue: search in Norwegian): in the top bar on a wide screen, a
 * magnifier in the header on a phone; Ctrl+K (Cmd+K on a Mac) opens it from anywhere.
 * Only this is in the shell's first download: the dialog with its field, filters and
 * results loads on first opening (fetched early when the pointer or the focus reaches
 * the box). Closed, the focus comes back here; a result opened leaves it to its page.
 */
import { Search } from "lucide-react";
import { lazy, useCallback, useEffect, useRef, useState } from "react";
import { ui } from "../../../common/texts/index.ts";
import { OnceOpened } from "../../components/once-opened.tsx";
import { Button } from "../../components/ui/button.tsx";

const t = ui.search;

const loadDialog = () => import("./SearchDialog.tsx");
const SearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchDialog })));
/** Fetches the dialog's code before it is asked for; a failure is left for the opening to meet. */
const preload = () => void loadDialog().catch(() => {});

/** Ctrl+K, or Cmd+K on a Mac. */
export const isSearchShortcut = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k";

const isMac = () => /Mac|iPhone|iPad/.test(navigator.userAgent);

export function SearchBox({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  /** bumped by Ctrl+K while open: the field takes the focus again */
  const [summons, setSummons] = useState(0);
  const box = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e) || e.defaultPrevented) return;
      // The browser's own Ctrl+K (its address bar's search) gives way.
      e.preventDefault();
      setOpen(true);
      setSummons((n) => n + 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const returnFocus = useCallback(() => box.current?.focus(), []);

  // What both forms of the box are: a button that opens the dialog, loading it early.
  const opens = {
    "aria-label": t.box,
    "aria-keyshortcuts": "Control+K Meta+K",
    "aria-haspopup": "dialog" as const,
    onClick: () => setOpen(true),
    onFocus: preload,
  };
  const trigger = compact ? (
    <Button
      ref={box}
      variant="ghost"
      size="icon"
      {...opens}
      onPointerDown={preload}
      className="size-11 text-primary-fg hover:bg-white/10 focus-visible:outline-primary-fg"
    >
      <Search aria-hidden className="!size-5" />
    </Button>
  ) : (
    <button
      ref={box}
      type="button"
      {...opens}
      onPointerEnter={preload}
      className="flex h-9 w-full max-w-md min-w-40 items-center gap-2 rounded-md bg-white/10 px-3 text-sm text-primary-fg/85 ring-1 ring-white/15 transition-colors hover:bg-white/15 hover:text-primary-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-fg"
    >
      <Search aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate text-left">{t.boxHint}</span>
      <kbd
        aria-hidden
        className="hidden shrink-0 rounded border border-white/25 px-1.5 font-sans text-xs text-primary-fg/80 tabular lg:inline"
      >
        {isMac() ? t.shortcut.mac : t.shortcut.other}
      </kbd>
    </button>
  );

  return (
    <>
      {trigger}
      <OnceOpened open={open}>
        <SearchDialog open={open} onOpenChange={setOpen} summons={summons} onClosed={returnFocus} />
      </OnceOpened>
    </>
  );
}
