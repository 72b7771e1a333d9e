import { useMutation } from "@tanstack/react-query";
import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { useNavigate } from "react-router";
import { ui } from "../../../common/texts/index.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { UserText } from "../../components/user-text.tsx";
import { errorText } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { paths } from "../../lib/paths.ts";
import { useSession, useSessionActions } from "../../lib/session.tsx";
import { useShellParts } from "./parts.ts";
import { RoleTag } from "./RoleIcon.tsx";

/** Avatar, name, role and e-mail; the features' section (the department switch), profile and sign-out. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const { signOut } = useSessionActions();
  const { UserMenuSection } = useShellParts();
  const navigate = useNavigate();
  const { user } = session;
  const logOut = useMutation({
    mutationFn: signOut,
    onSuccess: () => toast.success(ui.auth.signedOut),
    onError: (err) => toast.error(errorText(err, ui.common.somethingWentWrong)),
  });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={ui.shell.userMenu}
        className={cn(
          "flex min-h-11 items-center gap-2 rounded-md px-1.5 text-primary-fg hover:bg-white/10 focus-visible:outline-primary-fg",
          !compact && "pr-2.5",
        )}
      >
        <Avatar name={user.fullName} src={user.avatarUrl} size="sm" className="ring-2 ring-white/30" />
        {!compact && (
          <>
            <span className="max-w-40 truncate text-sm font-medium">
              <UserText>{user.fullName}</UserText>
            </span>
            <ChevronDown aria-hidden className="size-4 opacity-80" />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <div className="flex items-center gap-3 px-2.5 py-2.5">
          <Avatar name={user.fullName} src={user.avatarUrl} />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-ink">
              <UserText>{user.fullName}</UserText>
            </p>
            <RoleTag role={session.badgeRole} />
            <p className="truncate text-xs text-muted-fg">{user.email}</p>
          </div>
        </div>
        <DropdownMenuSeparator />
        <UserMenuSection />
        <DropdownMenuItem onSelect={() => navigate(paths.profile)}>
          <UserRound aria-hidden />
          {ui.shell.myProfile}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => logOut.mutate()} disabled={logOut.isPending}>
          <LogOut aria-hidden />
          {ui.auth.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
