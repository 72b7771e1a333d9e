/**
 * 'Arbeidstidsregler' on the admin page: the department's limits as whole hours within
 * the law's outer bounds, each beside the law's own value; the rest rule, which is the
 * installation's and read-only; 'Deltid først'. 'Lagre' says how it went in a toast; a
 * field out of bounds gets its message under it before anything is sent.
 */
import { useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import type { WorkLimitsDto, WorkRulesDto, WorkRulesInput } from "../../../../common/schemas/work.ts";
import { ui } from "../../../../common/texts/index.ts";
import { AdminSection, SectionFailed, SectionLoading } from "../../../components/admin-section.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { SwitchField } from "../../../components/ui/switch-field.tsx";
import { useSchemaForm } from "../../../lib/forms.ts";
import { useSaveWorkRules } from "../api/mutations.ts";
import { useWorkRules } from "../api/queries.ts";

const t = ui.work.rules;

const limitFields = ["maxHoursPerDay", "maxOvertimeWeek", "maxOvertime4Weeks", "maxOvertimeYear"] as const;
type LimitField = (typeof limitFields)[number];
type Fields = Record<LimitField, string> & { partTimeFirst: boolean };

/** The least a limit may be: a day's work of at least an hour; overtime may be barred. */
const least = (field: LimitField) => (field === "maxHoursPerDay" ? 1 : 0);

/** Whole hours from the field's least to the law's outer bound. */
function hoursField(min: number, max: number) {
  const message = t.outOfRange(min, max);
  return z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

function rulesForm(outer: WorkLimitsDto) {
  const limits = Object.fromEntries(limitFields.map((f) => [f, hoursField(least(f), outer[f])])) as Record<
    LimitField,
    ReturnType<typeof hoursField>
  >;
  return z.object({ ...limits, partTimeFirst: z.boolean() }) satisfies z.ZodType<WorkRulesInput, Fields>;
}

const asFields = (rules: WorkRulesDto): Fields => ({
  maxHoursPerDay: String(rules.maxHoursPerDay),
  maxOvertimeWeek: String(rules.maxOvertimeWeek),
  maxOvertime4Weeks: String(rules.maxOvertime4Weeks),
  maxOvertimeYear: String(rules.maxOvertimeYear),
  partTimeFirst: rules.partTimeFirst,
});

function RulesForm({ deptId, rules }: { deptId: string; rules: WorkRulesDto }) {
  const [schema] = useState(() => rulesForm(rules.outer));
  const { form, busy, id, field, fieldError, alert, submit } = useSchemaForm(schema, asFields(rules), {
    live: true,
  });
  const save = useSaveWorkRules(deptId);
  const onSubmit = submit(
    async (body) => {
      const saved = await save.mutateAsync(body);
      form.reset(asFields(saved));
    },
    { fallback: t.saveFailed },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {limitFields.map((name) => {
          const props = field(name);
          const error = fieldError(name);
          return (
            <div key={name} className="flex flex-col gap-1.5">
              <Label htmlFor={id(name)}>{t[name]}</Label>
              <div className="flex items-center gap-2">
                <Input
                  type="number"
                  inputMode="numeric"
                  min={least(name)}
                  max={rules.outer[name]}
                  step={1}
                  className="w-28 tabular"
                  {...props}
                  aria-describedby={[`${id(name)}-law`, props["aria-describedby"]].filter(Boolean).join(" ")}
                />
                <span className="text-sm text-muted-fg">{t.unit}</span>
              </div>
              <p id={`${id(name)}-law`} className="text-xs text-muted-fg">
                {t.law(rules.law[name])}
                <span className="block">{t.range(least(name), rules.outer[name])}</span>
              </p>
              {error.message && (
                <p id={error.id} className="text-sm text-error">
                  {error.message}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="flex flex-col rounded-md bg-muted/60 px-3 py-2">
        <p className="text-sm font-medium text-ink">{t.rest(rules.minRestHours)}</p>
        <p className="text-xs text-muted-fg">{t.restHint}</p>
      </div>
      <Controller
        control={form.control}
        name="partTimeFirst"
        render={({ field: on }) => (
          <SwitchField
            label={t.partTimeFirst}
            hint={t.partTimeFirstHint}
            checked={on.value}
            onCheckedChange={on.onChange}
          />
        )}
      />
      <FormAlert {...alert} />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
}

export function WorkRulesSection({ deptId }: { deptId: string }) {
  const rules = useWorkRules(deptId);
  return (
    <AdminSection title={t.title} intro={t.intro}>
      {rules.isPending ? (
        <SectionLoading label={t.loading} rows={2} rowClass="h-20" />
      ) : rules.isError ? (
        <SectionFailed
          title={t.failed}
          error={rules.error}
          retry={() => void rules.refetch()}
          retryLabel={t.retry}
        />
      ) : (
        <RulesForm deptId={deptId} rules={rules.data} />
      )}
    </AdminSection>
  );
}
