/**
 * 'Krever kompetanse': the department's competences as checkboxes, none ticked for a new
 * shift. Who lacks one cannot be given the shift (common/domain/working-time.ts). While
 * the list loads or cannot be read, the shift keeps what it required.
 */
import { type ReactNode, useId } from "react";
import { workLimits } from "../../../../common/base/limits.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { useDepartmentCompetences } from "../api/competences.ts";
import { FieldError } from "./FieldError.tsx";

const t = ui.work.requires;

export function RequiresField({
  deptId,
  value,
  onChange,
  error,
}: {
  deptId: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error: { id: string; message: string | null };
}) {
  const id = useId();
  const list = useDepartmentCompetences(deptId);
  if (!deptId) return null;
  const toggle = (competenceId: string, on: boolean) =>
    onChange(on ? [...value, competenceId] : value.filter((v) => v !== competenceId));
  let body: ReactNode;
  if (list.isPending)
    body = (
      <p role="status" className="text-sm text-muted-fg">
        {t.loading}
      </p>
    );
  else if (list.isError)
    body = (
      <div className="flex flex-wrap items-center gap-2 text-sm text-error">
        {t.failed}
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          {ui.common.retry}
        </Button>
      </div>
    );
  else if (list.data.competences.length === 0) body = <p className="text-sm text-muted-fg">{t.none}</p>;
  else
    body = (
      <ul className="flex flex-col gap-1">
        {list.data.competences.map((c) => (
          <li key={c.id} className="flex min-h-11 items-center gap-3">
            <Checkbox
              id={`${id}-${c.id}`}
              checked={value.includes(c.id)}
              disabled={!value.includes(c.id) && value.length >= workLimits.competencesPerShift}
              aria-describedby={error.message ? error.id : undefined}
              onCheckedChange={(on) => toggle(c.id, on === true)}
            />
            {/* the whole row's height is the name's to tap */}
            <Label htmlFor={`${id}-${c.id}`} className="flex min-h-11 flex-1 items-center font-normal">
              <UserText>{c.name}</UserText>
            </Label>
          </li>
        ))}
      </ul>
    );
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-ink">{t.label}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-fg">
        {t.hint}
      </p>
      {body}
      <FieldError {...error} />
    </fieldset>
  );
}
