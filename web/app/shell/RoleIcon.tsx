import { ShieldCheck, ShieldUser, UserRound } from "lucide-react";
import { type Role, roleLabels } from "../../../common/domain/roles.ts";
import { ui } from "../../../common/texts/index.ts";
import { cn } from "../../lib/cn.ts";

const icons = {
  admin: { Icon: ShieldCheck, color: "text-error" },
  leader: { Icon: ShieldUser, color: "text-info" },
  staff: { Icon: UserRound, color: "text-success" },
} as const;

/** Role icon in the role's colour (admin red, leader blue, staff green) and always its name. */
export function RoleTag({ role, className }: { role: Role | null; className?: string }) {
  const { Icon, color } = icons[role ?? "staff"];
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs font-medium text-muted-fg", className)}>
      <Icon aria-hidden className={cn("size-3.5", color)} />
      {role ? roleLabels[role] : ui.roles.unknown}
    </span>
  );
}
