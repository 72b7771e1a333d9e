/**
 * The grid of 'Vaktroller': today and the next 14 days × their blocks (Dagvakt,
 * Kveldsvakt, Nattevakt) × the department's roles, each cell a choice of the
 * department's active staff or 'Ingen'. From 768 px one table, a row per block; below it
 * one day at a time (a day picker), its blocks × roles as a list. Blocks that are over
 * show their holder and cannot be changed.
 */
import { useId, useState } from "react";
import type { DutyGridBlock, DutyGridDto, DutyPerson, DutyRoleDto } from "../../../../common/schemas/duty.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { cn } from "../../../lib/cn.ts";
import { useIsDesktop } from "../../../lib/media.ts";
import { useSetHolder } from "../api/mutations.ts";

const t = ui.duty;

const weekday = new Intl.DateTimeFormat("nb-NO", { timeZone: "Europe/Oslo", weekday: "short" });
/** 'tor. 11.06' for a duty day `2026-06-11`, as the shift cards write a day. */
export const dayLabel = (date: string) =>
  `${weekday.format(new Date(`${date}T12:00:00Z`))} ${date.slice(8, 10)}.${date.slice(5, 7)}`;

interface Day {
  date: string;
  blocks: DutyGridBlock[];
}

function daysOf(blocks: readonly DutyGridBlock[]): Day[] {
  const days: Day[] = [];
  for (const block of blocks) {
    const last = days.at(-1);
    if (last?.date === block.date) last.blocks.push(block);
    else days.push({ date: block.date, blocks: [block] });
  }
  return days;
}

const isOngoing = (block: DutyGridBlock, now: string) => !block.past && block.start <= now;

/** One cell: who holds `role` in `block`. */
function HolderSelect({
  deptId,
  role,
  block,
  holder,
  staff,
  label,
  id,
}: {
  deptId: string;
  role: DutyRoleDto;
  block: DutyGridBlock;
  holder: DutyPerson | undefined;
  staff: readonly DutyPerson[];
  /** its name: the role, the block and the day (a visible label says the role alone) */
  label: string;
  id?: string;
}) {
  const set = useSetHolder(deptId);
  const known = !holder || staff.some((p) => p.userId === holder.userId);
  const options = [
    { value: "", label: t.nobody },
    ...(known || !holder ? [] : [{ value: holder.userId, label: t.inactiveHolder(holder.fullName) }]),
    ...staff.map((p) => ({ value: p.userId, label: p.fullName })),
  ];
  const value = holder?.userId ?? "";
  return (
    <NativeSelect
      id={id}
      aria-label={label}
      options={options}
      value={value}
      disabled={block.past}
      className={cn("min-w-40 text-sm md:h-10", !value && "text-muted-fg")}
      onChange={(e) => {
        const userId = e.target.value || null;
        set.mutate({
          roleId: role.id,
          roleName: role.name,
          blockStart: block.start,
          userId,
          holderName: staff.find((p) => p.userId === userId)?.fullName ?? null,
        });
      }}
    />
  );
}

function BlockName({ block, now }: { block: DutyGridBlock; now: string }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-medium text-ink">{block.name}</span>
      <span className="text-muted-fg tabular">{block.range}</span>
      {isOngoing(block, now) && <Badge tone="success">{t.ongoing}</Badge>}
      {block.past && <Badge>{t.past}</Badge>}
    </span>
  );
}

export function DutyGrid({ grid }: { grid: DutyGridDto }) {
  return useIsDesktop() ? <GridTable grid={grid} /> : <GridByDay grid={grid} />;
}

const holderOf = (grid: DutyGridDto) => {
  const byKey = new Map(grid.holdings.map((h) => [`${h.roleId}|${h.blockStart}`, h.holder]));
  return (roleId: string, block: DutyGridBlock) =>
    byKey.get(`${roleId}|${new Date(block.start).toISOString()}`);
};

function GridTable({ grid }: { grid: DutyGridDto }) {
  const days = daysOf(grid.blocks);
  const holder = holderOf(grid);
  return (
    <section
      aria-label={t.gridLabel}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="max-h-[70vh] overflow-auto rounded-lg border border-border bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{t.gridLabel}</caption>
        <thead className="sticky top-0 z-10 bg-muted">
          <tr>
            <th
              scope="col"
              className="border-b border-border px-3 py-2.5 text-left text-xs font-semibold text-muted-fg uppercase"
            >
              {t.dayPicker}
            </th>
            {grid.roles.map((role) => (
              <th
                key={role.id}
                scope="col"
                className="border-b border-border px-3 py-2.5 text-left text-xs font-semibold text-muted-fg"
              >
                <UserText>{role.name}</UserText>
              </th>
            ))}
          </tr>
        </thead>
        {days.map((day, i) => (
          <tbody key={day.date}>
            <tr>
              <th
                scope="colgroup"
                colSpan={grid.roles.length + 1}
                className="border-b border-border bg-muted/40 px-3 py-1.5 text-left text-xs font-semibold text-ink"
              >
                {i === 0 ? `${t.today} · ${dayLabel(day.date)}` : dayLabel(day.date)}
              </th>
            </tr>
            {day.blocks.map((block) => (
              <tr key={block.start} className={cn(block.past && "bg-muted/30")}>
                <th
                  scope="row"
                  className="border-b border-border px-3 py-2 text-left font-normal whitespace-nowrap"
                >
                  <BlockName block={block} now={grid.now} />
                </th>
                {grid.roles.map((role) => (
                  <td key={role.id} className="border-b border-border px-3 py-1.5">
                    <HolderSelect
                      deptId={grid.deptId}
                      role={role}
                      block={block}
                      holder={holder(role.id, block)}
                      staff={grid.staff}
                      label={t.cellLabel(role.name, block.name, dayLabel(day.date))}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}

/** Under 768 px: one day at a time, its blocks × roles as a list. */
function GridByDay({ grid }: { grid: DutyGridDto }) {
  const pickerId = useId();
  const days = daysOf(grid.blocks);
  const [date, setDate] = useState(days[0]?.date ?? "");
  const day = days.find((d) => d.date === date) ?? days[0];
  const holder = holderOf(grid);
  if (!day) return null;
  return (
    <section aria-label={t.gridLabel} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={pickerId}>{t.dayPicker}</Label>
        <NativeSelect
          id={pickerId}
          value={day.date}
          onChange={(e) => setDate(e.target.value)}
          options={days.map((d, i) => ({
            value: d.date,
            label: i === 0 ? `${t.today} · ${dayLabel(d.date)}` : dayLabel(d.date),
          }))}
        />
      </div>
      <ul className="flex flex-col gap-3">
        {day.blocks.map((block) => (
          <li key={block.start} className="rounded-lg border border-border bg-white p-3">
            <h3 className="mb-2 text-sm">
              <BlockName block={block} now={grid.now} />
            </h3>
            <div className="flex flex-col gap-2.5">
              {grid.roles.map((role) => (
                <CellField
                  key={role.id}
                  grid={grid}
                  role={role}
                  block={block}
                  holder={holder(role.id, block)}
                  day={dayLabel(day.date)}
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CellField({
  grid,
  role,
  block,
  holder,
  day,
}: {
  grid: DutyGridDto;
  role: DutyRoleDto;
  block: DutyGridBlock;
  holder: DutyPerson | undefined;
  day: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs text-muted-fg">
        <UserText>{role.name}</UserText>
      </Label>
      <HolderSelect
        id={id}
        deptId={grid.deptId}
        role={role}
        block={block}
        holder={holder}
        staff={grid.staff}
        label={t.cellLabel(role.name, block.name, day)}
      />
    </div>
  );
}
