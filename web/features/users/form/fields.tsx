/** The labelled field and the role choices both user dialogs use. */
import type { ReactNode } from "react";
import { roles } from "../../../../common/domain/roles.ts";
import { ui } from "../../../../common/texts/index.ts";
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
