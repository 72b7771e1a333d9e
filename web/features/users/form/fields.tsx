/** The labelled field, the name pair and the role choices the user forms share. */
import type { ComponentProps, ReactNode } from "react";
import { roles } from "../../../../common/domain/roles.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";

export const roleOptions = roles.map((value) => ({ value, label: ui.roles.label[value] }));

export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

type NameInput = ComponentProps<typeof Input> & { id: string };

/** First and last name side by side (a person's name has these two parts only). */
export function NameFields({ first, last }: { first: NameInput; last: NameInput }) {
  const t = ui.users.fields;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={first.id} label={t.firstName}>
        <Input autoComplete="off" required {...first} />
      </Field>
      <Field id={last.id} label={t.lastName}>
        <Input autoComplete="off" required {...last} />
      </Field>
    </div>
  );
}
