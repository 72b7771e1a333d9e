import type { LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "./ui/button.tsx";

/** A round icon button on the navy top bar (bell, demo switcher, help): 44 px, labelled. */
export function TopBarIconButton({
  icon: Icon,
  label,
  ...props
}: ButtonProps & { icon: LucideIcon; label: string }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      className="size-11 text-primary-fg hover:bg-white/10 focus-visible:outline-primary-fg"
      {...props}
    >
      <Icon aria-hidden className="!size-5" />
    </Button>
  );
}
