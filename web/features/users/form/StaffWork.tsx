/**
 * A person's contract and competences per department (issue 28): 'Stillingsprosent'
 * (1–100), 'Timer per uke i full stilling' (35,5 by default; a decimal comma or point)
 * and the department's competences as checkboxes, for each of their departments I lead
 * (all of them for an admin). Used inside 'Rediger bruker' and in a leader's
 * 'Arbeidsavtale og kompetanse'. Only departments changed are sent; a field at fault
 * gets its message under it and the focus, and nothing is sent.
 */
import { type ReactNode, useId, useState } from "react";
import { workLimits } from "../../../../common/base/limits.ts";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { effectiveRole, isLeaderOrAdmin } from "../../../../common/domain/roles.ts";
import type { UserRow } from "../../../../common/schemas/users.ts";
import type { StaffWorkDto, StaffWorkInput } from "../../../../common/schemas/work.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { useSession } from "../../../lib/session.tsx";
import { useDepartmentCompetences, useSaveStaffWork, useStaffWork } from "../api/work.ts";

const t = ui.work.staff;

export interface WorkDept {
  deptId: string;
  deptName: string;
}

/** The person's departments where my role counts as leader or admin. */
export function useManagedDepartments(user: UserRow): WorkDept[] {
  const { memberships } = useSession();
  return user.memberships
    .filter((m) => isLeaderOrAdmin(effectiveRole(memberships, m.deptId)))
    .map(({ deptId, deptName }) => ({ deptId, deptName }));
}

/** What the fields hold, as typed. */
interface Draft {
  positionPercent: string;
  fullTimeHours: string;
  competenceIds: string[];
}
type TextField = "positionPercent" | "fullTimeHours";
type DraftErrors = Partial<Record<TextField, string>>;

const fromDto = (dto: StaffWorkDto): Draft => ({
  positionPercent: String(dto.positionPercent),
  fullTimeHours: String(dto.fullTimeHours).replace(".", ","),
  competenceIds: dto.competenceIds,
});

/** The draft as the server takes it, or what is wrong with each field. */
function parse(draft: Draft): { input: StaffWorkInput } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const percent = draft.positionPercent.trim();
  const positionPercent = Number(percent);
  if (!/^\d{1,3}$/.test(percent) || positionPercent < 1 || positionPercent > 100)
    errors.positionPercent = t.positionPercentInvalid;
  const hours = draft.fullTimeHours.trim().replace(",", ".");
  const fullTimeHours = Math.round(Number(hours) * 10) / 10;
  if (
    !/^\d{1,2}(\.\d)?$/.test(hours) ||
    fullTimeHours < workLimits.fullTimeHoursMin ||
    fullTimeHours > workLimits.fullTimeHoursMax
  )
    errors.fullTimeHours = t.fullTimeHoursInvalid;
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { positionPercent, fullTimeHours, competenceIds: draft.competenceIds } };
}

/** The departments' drafts, their messages, and how they are checked and saved. */
export function useStaffWorkForm(userId: string) {
  const base = useId();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, DraftErrors>>({});
  const save = useSaveStaffWork(userId);
  const fieldId = (deptId: string, field: TextField | "competences") => `${base}-${deptId}-${field}`;
  return {
    drafts,
    errors,
    fieldId,
    edit: (deptId: string, current: Draft, change: Partial<Draft>) => {
      setDrafts((all) => ({ ...all, [deptId]: { ...current, ...change } }));
      setErrors((all) => ({ ...all, [deptId]: {} }));
    },
    /** The changed departments' inputs; null (messages shown, focus on the first) if one is wrong. */
    check: (): [string, StaffWorkInput][] | null => {
      const parsed = Object.entries(drafts).map(([deptId, draft]) => [deptId, parse(draft)] as const);
      const wrong = Object.fromEntries(
        parsed.flatMap(([deptId, p]) => ("errors" in p ? [[deptId, p.errors]] : [])),
      );
      setErrors(wrong);
      const first = Object.entries(wrong)[0];
      if (first) {
        const [deptId, fields] = first;
        document.getElementById(fieldId(deptId, Object.keys(fields)[0] as TextField))?.focus();
        return null;
      }
      return parsed.flatMap(([deptId, p]) =>
        "input" in p ? [[deptId, p.input] as [string, StaffWorkInput]] : [],
      );
    },
    saveAll: async (inputs: [string, StaffWorkInput][]) => {
      for (const [deptId, body] of inputs) await save.mutateAsync({ deptId, body });
    },
  };
}

export type StaffWorkForm = ReturnType<typeof useStaffWorkForm>;

function Message({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-error">
      {message}
    </p>
  );
}

function CompetenceChoices({ form, deptId, draft }: { form: StaffWorkForm; deptId: string; draft: Draft }) {
  const list = useDepartmentCompetences(deptId);
  const legendId = form.fieldId(deptId, "competences");
  if (list.isPending)
    return (
      <p role="status" className="text-sm text-muted-fg">
        {t.loading}
      </p>
    );
  if (list.isError)
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-error">
        {ui.work.requires.failed}
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  const toggle = (id: string, on: boolean) =>
    form.edit(deptId, draft, {
      competenceIds: on ? [...draft.competenceIds, id] : draft.competenceIds.filter((c) => c !== id),
    });
  return (
    <fieldset className="flex flex-col gap-1">
      <legend id={legendId} className="mb-1 text-sm font-medium text-ink">
        {t.competences}
      </legend>
      {list.data.competences.length === 0 ? (
        <p className="text-sm text-muted-fg">{t.noCompetences}</p>
      ) : (
        <ul className="flex flex-col">
          {list.data.competences.map((c) => (
            <li key={c.id} className="flex min-h-11 items-center gap-3">
              <Checkbox
                id={`${legendId}-${c.id}`}
                checked={draft.competenceIds.includes(c.id)}
                onCheckedChange={(on) => toggle(c.id, on === true)}
              />
              <Label htmlFor={`${legendId}-${c.id}`} className="font-normal">
                <UserText>{c.name}</UserText>
              </Label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function DeptWork({ form, userId, dept }: { form: StaffWorkForm; userId: string; dept: WorkDept }) {
  const work = useStaffWork(dept.deptId, userId);
  const deptName = withoutBidiControls(dept.deptName);
  let body: ReactNode;
  if (work.isPending)
    body = (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t.loading}</span>
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
    );
  else if (work.isError)
    body = (
      <div className="flex flex-wrap items-center gap-2 text-sm text-error">
        {t.failed}
        <Button variant="outline" size="sm" onClick={() => void work.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  else {
    const draft = form.drafts[dept.deptId] ?? fromDto(work.data);
    const errors = form.errors[dept.deptId] ?? {};
    const text = (field: TextField, label: string, hint: string, inputMode: "numeric" | "decimal") => {
      const id = form.fieldId(dept.deptId, field);
      return (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id}>{label}</Label>
          <Input
            id={id}
            inputMode={inputMode}
            autoComplete="off"
            className="w-32 tabular"
            value={draft[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={`${id}-hint${errors[field] ? ` ${id}-error` : ""}`}
            onChange={(e) => form.edit(dept.deptId, draft, { [field]: e.target.value })}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-fg">
            {hint}
          </p>
          <Message id={`${id}-error`} message={errors[field]} />
        </div>
      );
    };
    body = (
      <>
        <div className="grid gap-3 sm:grid-cols-2">
          {text("positionPercent", t.positionPercent, t.positionPercentHint, "numeric")}
          {text("fullTimeHours", t.fullTimeHours, t.fullTimeHoursHint, "decimal")}
        </div>
        <CompetenceChoices form={form} deptId={dept.deptId} draft={draft} />
      </>
    );
  }
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold text-ink">{t.section(deptName)}</legend>
      {body}
    </fieldset>
  );
}

/** Each department's part, in the order of the person's records. */
export function StaffWorkFields({
  form,
  userId,
  depts,
}: {
  form: StaffWorkForm;
  userId: string;
  depts: readonly WorkDept[];
}) {
  return (
    <div className="flex flex-col gap-3">
      {depts.map((dept) => (
        <DeptWork key={dept.deptId} form={form} userId={userId} dept={dept} />
      ))}
    </div>
  );
}
