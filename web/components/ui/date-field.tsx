/**
 * A date as Norwegians write it, dd.mm.åååå, whatever the browser's locale: a
 * text field (a native date field shows the browser's order, often the US one) and a
 * small calendar beside it, weeks from Monday. The calendar is a table of day buttons,
 * one of them in the tab order: the arrow keys move a day or a week, Page Up/Down a
 * month, Enter picks, Escape closes.
 */
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { Popover } from "radix-ui";
import { type ComponentProps, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { formatNorwegianDate, parseNorwegianDate } from "../../../common/domain/norwegian-date.ts";
import { type OsloDate, osloDate } from "../../../common/domain/oslo-time.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "./button.tsx";
import { Input } from "./input.tsx";

const t = ui.dateField;

const pad = (n: number) => String(n).padStart(2, "0");
const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const dateOf = (iso: OsloDate) => new Date(`${iso}T00:00:00Z`);
const addDays = (iso: OsloDate, days: number) => isoOf(new Date(dateOf(iso).getTime() + days * 86_400_000));
function addMonths(iso: OsloDate, months: number) {
  const d = dateOf(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return isoOf(target);
}

const monthTitle = new Intl.DateTimeFormat("nb-NO", { month: "long", year: "numeric", timeZone: "UTC" });
const dayName = new Intl.DateTimeFormat("nb-NO", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The six weeks shown for the month of `iso`, Monday first. */
function weeksOf(iso: OsloDate): OsloDate[] {
  const first = dateOf(`${iso.slice(0, 7)}-01`);
  const mondayOffset = (first.getUTCDay() + 6) % 7;
  const start = isoOf(new Date(first.getTime() - mondayOffset * 86_400_000));
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** Where a key moves the focus in the grid, or null for a key it leaves alone. */
function stepOf(key: string, from: OsloDate): OsloDate | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(from, -1);
    case "ArrowRight":
      return addDays(from, 1);
    case "ArrowUp":
      return addDays(from, -7);
    case "ArrowDown":
      return addDays(from, 7);
    case "PageUp":
      return addMonths(from, -1);
    case "PageDown":
      return addMonths(from, 1);
    default:
      return null;
  }
}

function Calendar({
  value,
  min,
  onPick,
}: {
  value: OsloDate | null;
  min: OsloDate | undefined;
  onPick: (d: OsloDate) => void;
}) {
  // Today as the calendar opened; without a minimum the calendar opens on it.
  const [today] = useState(() => osloDate(new Date()));
  const start = min ?? today;
  const [focused, setFocused] = useState<OsloDate>(value && (!min || value >= min) ? value : start);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // Only after a move: on opening, the popover puts the focus in (onOpenAutoFocus).
    if (moved.current) grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);
  const month = focused.slice(0, 7);
  const days = weeksOf(focused);
  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  const move = (to: OsloDate) => {
    moved.current = true;
    setFocused(min && to < min ? min : to);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const next = stepOf(e.key, focused);
    if (!next) return;
    e.preventDefault();
    move(next);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t.previousMonth}
          className="size-11"
          disabled={min !== undefined && month <= min.slice(0, 7)}
          onClick={() => move(addMonths(focused, -1))}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <p aria-live="polite" className="text-sm font-semibold text-ink first-letter:uppercase">
          {monthTitle.format(dateOf(focused))}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="size-11"
          aria-label={t.nextMonth}
          onClick={() => move(addMonths(focused, 1))}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <table ref={grid} aria-label={monthTitle.format(dateOf(focused))} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {t.weekdays.map((d) => (
              <th key={d} scope="col" className="py-1 text-center text-xs font-normal text-muted-fg">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const other = day.slice(0, 7) !== month;
                const selected = day === value;
                return (
                  <td key={day} className="p-0">
                    <button
                      type="button"
                      data-date={day}
                      tabIndex={day === focused ? 0 : -1}
                      disabled={min !== undefined && day < min}
                      aria-label={dayName.format(dateOf(day))}
                      aria-pressed={selected}
                      aria-current={day === today ? "date" : undefined}
                      onClick={() => onPick(day)}
                      className={[
                        "size-11 rounded-md text-sm tabular focus-visible:outline-2 focus-visible:outline-primary",
                        selected ? "bg-primary font-semibold text-white" : "hover:bg-muted",
                        other && !selected ? "text-muted-fg" : "",
                        "disabled:cursor-not-allowed disabled:text-muted-fg/50 disabled:hover:bg-transparent",
                      ].join(" ")}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * `value` is what the field holds (the typed text); `onChoose` writes a picked or tidied
 * date back as dd.mm.åååå. `min` (yyyy-mm-dd) greys out the days before it.
 */
export function DateField({
  min,
  onChoose,
  onBlur,
  ...props
}: Omit<ComponentProps<"input">, "min"> & { min?: OsloDate | undefined; onChoose: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState("");
  const { ref, onChange, ...rest } = props;
  return (
    <div className="flex gap-2">
      <Input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t.placeholder}
        maxLength={10}
        className="tabular"
        ref={(el) => {
          input.current = el;
          if (typeof ref === "function") ref(el);
        }}
        onChange={(e) => {
          setText(e.currentTarget.value);
          onChange?.(e);
        }}
        onBlur={(e) => {
          const parsed = parseNorwegianDate(e.currentTarget.value);
          if (parsed && formatNorwegianDate(parsed) !== e.currentTarget.value)
            onChoose(formatNorwegianDate(parsed));
          onBlur?.(e);
        }}
        {...rest}
      />
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button variant="outline" size="icon" aria-label={t.openCalendar} className="size-11 shrink-0">
            <CalendarDays aria-hidden />
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            aria-label={t.openCalendar}
            className="z-50 rounded-lg border border-border bg-white p-3 shadow-lg"
            // The focus goes to the chosen day (or today), not the first button.
            onOpenAutoFocus={(e) => {
              e.preventDefault();
              (e.currentTarget as HTMLElement | null)
                ?.querySelector<HTMLElement>('table [tabindex="0"]')
                ?.focus();
            }}
          >
            <Calendar
              value={parseNorwegianDate(input.current?.value ?? text)}
              min={min}
              onPick={(day) => {
                onChoose(formatNorwegianDate(day));
                setOpen(false);
                input.current?.focus();
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
