/**
 * 'Oppbevaring' under Administrasjon (admins; issue 30): for a department, per kind of
 * thread and for attachments, 'Behold alt' or 'Slett etter … dager'. The department is
 * the admin's current one unless another is chosen. A number out of range gets its
 * message under the field before anything is sent; 'Lagre' says how it went in a toast.
 */
import { useId, useState } from "react";
import { z } from "zod";
import {
  isRetentionDays,
  type RetentionRules,
  type RetentionScope,
  retentionDaysMax,
  retentionDaysMin,
  retentionScopes,
} from "../../../common/domain/retention.ts";
import type { RetentionRulesInput } from "../../../common/schemas/retention.ts";
import { ui } from "../../../common/texts/index.ts";
import { AdminSection, SectionFailed, SectionLoading } from "../../components/admin-section.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { useSchemaForm } from "../../lib/forms.ts";
import { useSession } from "../../lib/session.tsx";
import { useDepartments, useRetentionRules, useSaveRetention } from "./api/retention.ts";

const t = ui.retention;

type Choice = { mode: "keep" | "days"; days: string };
type Fields = Record<RetentionScope, Choice>;

const choice = z
  .object({ mode: z.enum(["keep", "days"]), days: z.string() })
  .superRefine((value, ctx) => {
    if (value.mode === "days" && !isRetentionDays(Number(value.days.trim() || Number.NaN)))
      ctx.addIssue({ code: "custom", path: ["days"], message: t.daysRange });
  })
  .transform((value) => (value.mode === "keep" ? null : Number(value.days.trim())));

const rulesForm = z.object(
  Object.fromEntries(retentionScopes.map((scope) => [scope, choice])) as Record<
    RetentionScope,
    typeof choice
  >,
) satisfies z.ZodType<RetentionRulesInput, Fields>;

const asFields = (rules: RetentionRules): Fields =>
  Object.fromEntries(
    retentionScopes.map((scope) => {
      const days = rules[scope];
      return [scope, days === null ? { mode: "keep", days: "" } : { mode: "days", days: String(days) }];
    }),
  ) as Fields;

const modeOptions = [
  { value: "keep", label: t.keepAll },
  { value: "days", label: t.deleteAfter },
] as const;

function RulesForm({ deptId, rules }: { deptId: string; rules: RetentionRules }) {
  const { form, busy, id, field, fieldError, alert, submit } = useSchemaForm(rulesForm, asFields(rules), {
    live: true,
  });
  const save = useSaveRetention(deptId);
  const modes = form.watch(retentionScopes.map((scope) => `${scope}.mode` as const));
  const onSubmit = submit(
    async (body) => {
      const saved = await save.mutateAsync(body);
      form.reset(asFields(saved.rules));
    },
    { fallback: t.saveFailed },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col divide-y divide-border">
        {retentionScopes.map((scope, i) => {
          const label = t.scopes[scope];
          const days = `${scope}.days` as const;
          const error = fieldError(days);
          return (
            <div key={scope} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
              <Label htmlFor={id(`${scope}.mode`)} className="sm:w-40 sm:pt-2.5">
                {label}
              </Label>
              <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-start">
                <NativeSelect options={modeOptions} className="sm:w-52" {...field(`${scope}.mode`)} />
                {modes[i] === "days" && (
                  <div className="flex flex-col gap-1">
                    <div className="flex items-center gap-2">
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={retentionDaysMin}
                        max={retentionDaysMax}
                        step={1}
                        className="w-28 tabular"
                        aria-label={t.daysLabel(label)}
                        {...field(days)}
                      />
                      <span className="text-sm text-muted-fg">{t.daysUnit}</span>
                    </div>
                    {error.message && (
                      <p id={error.id} className="text-sm text-error">
                        {error.message}
                      </p>
                    )}
                  </div>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <FormAlert {...alert} />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
}

function DepartmentRules({ deptId }: { deptId: string }) {
  const rules = useRetentionRules(deptId);
  if (rules.isPending) return <SectionLoading label={t.loading} rows={3} rowClass="h-12" />;
  if (rules.isError)
    return (
      <SectionFailed
        title={t.failed}
        error={rules.error}
        retry={() => void rules.refetch()}
        retryLabel={t.retry}
      />
    );
  // A new form per department, so one department's unsaved choices never show under another.
  return <RulesForm key={deptId} deptId={deptId} rules={rules.data.rules} />;
}

export function RetentionSection() {
  const selectId = useId();
  const { currentDeptId } = useSession();
  const departments = useDepartments();
  const [chosen, setChosen] = useState<string | null>(null);
  const deptId = chosen ?? currentDeptId;
  const options = (departments.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }));
  return (
    <AdminSection title={t.title} intro={t.intro}>
      {options.length > 1 && deptId && (
        <div className="flex flex-col gap-1.5 sm:max-w-xs">
          <Label htmlFor={selectId}>{t.department}</Label>
          <NativeSelect
            id={selectId}
            options={options}
            value={deptId}
            onChange={(e) => setChosen(e.target.value)}
          />
        </div>
      )}
      {deptId && <DepartmentRules deptId={deptId} />}
    </AdminSection>
  );
}
