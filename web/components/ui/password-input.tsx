import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { ui } from "../../../common/texts/index.ts";
import { cn } from "../../lib/cn.ts";
import { Input } from "./input.tsx";

/** A password field with a show/hide toggle (a pressed/unpressed button, so its state is announced). */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? "text" : "password"} className={cn("pr-12", className)} {...props} />
      <button
        type="button"
        aria-label={ui.auth.showPassword}
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
        className="absolute top-0 right-0 flex size-11 items-center justify-center rounded-md text-muted-fg hover:text-ink"
      >
        {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
      </button>
    </div>
  );
}
