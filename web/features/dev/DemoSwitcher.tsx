import { useQuery } from "@tanstack/react-query";
import { UsersRound } from "lucide-react";
import { useState } from "react";
import { withoutBidiControls } from "../../../common/domain/bidi.ts";
import { roleLabels } from "../../../common/domain/roles.ts";
import { ui } from "../../../common/texts/index.ts";
import { TopBarIconButton } from "../../components/top-bar-icon-button.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { Tooltip } from "../../components/ui/tooltip.tsx";
import { UserText } from "../../components/user-text.tsx";
import { errorText } from "../../lib/api.ts";
import { useConfig } from "../../lib/config.tsx";
import { useSession, useSessionActions } from "../../lib/session.tsx";
import { demoUsersQuery, useImpersonate } from "./api/demo-users.ts";

/**
 * Staging only (decisions.md: in a hospital, switching into anyone is a breach): sign in
 * as one of the demo users to see the app through their role.
 */
export function DemoSwitcher({ variant = "icon" }: { variant?: "icon" | "full" }) {
  const { config } = useConfig();
  const session = useSession();
  const { afterSignIn } = useSessionActions();
  const [open, setOpen] = useState(false);
  const users = useQuery({ ...demoUsersQuery(), enabled: open && config.demoTools });
  const impersonate = useImpersonate();
  const switchTo = (email: string) =>
    impersonate.mutate(email, {
      onSuccess: async () => {
        await afterSignIn();
        const name = users.data?.users.find((u) => u.email === email)?.fullName ?? email;
        toast.success(ui.shell.demoSwitched(name));
      },
      onError: (err) => toast.error(errorText(err, ui.shell.demoSwitchFailed)),
    });

  if (!config.demoTools) return null;

  const trigger =
    variant === "icon" ? (
      <TopBarIconButton icon={UsersRound} label={ui.shell.demoSwitcher} />
    ) : (
      <Button variant="outline" className="h-11 w-full justify-start" aria-label={ui.shell.demoSwitcher}>
        <UsersRound aria-hidden />
        {ui.shell.demoSwitcher}
      </Button>
    );

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      {variant === "icon" ? (
        <Tooltip content={ui.shell.demoSwitcher}>
          <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        </Tooltip>
      ) : (
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      )}
      <DropdownMenuContent className="w-80">
        <DropdownMenuLabel>
          {ui.shell.demoSwitcherTitle} · {ui.shell.demoSwitcherHint}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {users.isPending && (
          <div className="flex justify-center p-4">
            <Spinner label={ui.common.loading} />
          </div>
        )}
        {users.isError && <p className="p-3 text-sm text-error">{ui.shell.demoUsersFailed}</p>}
        {users.data?.users.map((u) => {
          const current = u.email === session.user.email;
          return (
            <DropdownMenuItem
              key={u.email}
              disabled={current || impersonate.isPending}
              onSelect={() => switchTo(u.email)}
              aria-current={current || undefined}
            >
              <Avatar name={u.fullName} size="sm" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium text-ink">
                  <UserText>{u.fullName}</UserText>
                </span>
                <span className="truncate text-xs text-muted-fg">
                  {withoutBidiControls(
                    [u.role ? roleLabels[u.role] : null, u.deptName].filter(Boolean).join(" · "),
                  )}
                </span>
              </span>
              {current && <Badge tone="success">{ui.shell.demoCurrent}</Badge>}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
