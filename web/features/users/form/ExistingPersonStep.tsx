/**
 * 'Personen finnes allerede': 'Legg til ny bruker' with an address that has an account
 * updates that person, so the dialog first lists what would change of them (from the
 * server's preview) and only 'Oppdater personen' applies it; 'Tilbake' returns to the form.
 */
import { useEffect, useId, useRef } from "react";
import type { CreateUserPreview, ExistingPersonChange } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";

const t = ui.users.existing;
const role = (r: keyof typeof ui.roles.label) => ui.roles.label[r];

function changeText(change: ExistingPersonChange): string {
  switch (change.field) {
    case "name":
      return t.name(change.from, change.to);
    case "phone":
      return t.phone(change.from, change.to);
    case "confirmation":
      return t.confirmation;
    case "record":
      if (!change.from) return t.newRecord(change.deptName, role(change.to));
      if (!change.from.isActive) return t.reactivated(change.deptName, role(change.to));
      return t.role(change.deptName, role(change.from.role), role(change.to));
  }
}

export function ExistingPersonStep({
  existing,
  busy,
  error,
  onBack,
  onConfirm,
}: {
  existing: NonNullable<CreateUserPreview["existing"]>;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // The form was replaced: the reader starts at what happened.
  useEffect(() => title.current?.focus(), []);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="rounded-md border border-warning/30 bg-warning/10 p-3">
        <h3 id={titleId} ref={title} tabIndex={-1} className="font-semibold text-warning-ink outline-none">
          {t.title}
        </h3>
        <p className="mt-1 text-sm text-ink">{t.body(existing.fullName)}</p>
      </div>
      {existing.changes.length > 0 ? (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-ink">
          {existing.changes.map((change) => (
            <li key={change.field}>{changeText(change)}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-fg">{t.nothing}</p>
      )}
      <FormAlert message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          {t.back}
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? t.saving : t.confirm}
        </Button>
      </div>
    </section>
  );
}
