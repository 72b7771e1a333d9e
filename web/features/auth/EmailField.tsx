import type { ComponentProps } from "react";
import { ui } from "../../../common/texts/index.ts";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";

/** The e-mail field of every auth form: one label, keyboard and autofill; props from `field("email")`. */
export function EmailField(props: ComponentProps<typeof Input> & { id: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={props.id}>{ui.auth.emailLabel}</Label>
      <Input
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={ui.auth.emailPlaceholder}
        required
        {...props}
      />
    </div>
  );
}
