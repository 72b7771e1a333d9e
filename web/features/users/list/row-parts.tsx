/**
 * What a person's table row and card both show: role, departments, status and the
 * actions their `can` allows. A leader's deactivation is in their current department
 * (the server asks for it); an admin's is everywhere.
 */

import { BriefcaseBusiness, Ellipsis, Pencil, Power, Trash2 } from "lucide-react";
import { highestRole } from "../../../../common/domain/roles.ts";
import type { UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { useSession } from "../../../lib/session.tsx";
import { failed, useSetActive } from "../api/mutations.ts";
import { useManagedDepartments } from "../form/StaffWork.tsx";

const t = ui.users;

/**
 * What the list does when a row's 'Rediger', 'Arbeidsavtale og kompetanse' or 'Slett' is
 * pressed: opens its dialog.
 */
export interface RowHandlers {
  onEdit: (user: UserRow) => void;
  onWork: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}

/**
 * 'Arbeidsavtale og kompetanse' for a leader of one of the person's departments: a leader
 * edits no one otherwise ('Rediger bruker' has it for admins).
 */
function useMaySetWork(user: UserRow) {
  const managed = useManagedDepartments(user);
  return useSession().role !== "admin" && !user.can.edit && managed.length > 0;
}

export function RoleBadge({ user }: { user: UserRow }) {
  const role = highestRole(user.memberships.filter((m) => m.isActive).map((m) => m.role));
  const shown = role ?? highestRole(user.memberships.map((m) => m.role));
  return (
    <Badge tone={shown === "admin" ? "primary" : shown === "leader" ? "info" : "neutral"}>
      {shown ? ui.roles.label[shown] : ui.roles.unknown}
    </Badge>
  );
}

export const departmentsOf = (user: UserRow) => user.memberships.map((m) => m.deptName).join(", ");

/** An e-mail address that may wrap only after its '@' and before its dots, never mid-word. */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className="break-normal">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <span key={i}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? "success" : "neutral"}>{active ? t.list.active : t.list.inactive}</Badge>;
}

/** Whether the person counts as active where I (de)activate them, and that department. */
function useActivationScope(user: UserRow) {
  const { role, currentDeptId } = useSession();
  if (role === "admin" || !currentDeptId) return { active: user.active, deptId: undefined };
  const here = user.memberships.find((m) => m.deptId === currentDeptId);
  return { active: here?.isActive ?? user.active, deptId: currentDeptId };
}

/** (De)activation where I do it, with its toast; `label` is what the control says. */
function useActivation(user: UserRow) {
  const { active, deptId } = useActivationScope(user);
  const setActive = useSetActive();
  const toggle = () =>
    setActive.mutate(
      { userId: user.userId, active: !active, deptId },
      {
        onSuccess: () =>
          toast.success(
            active ? t.activation.deactivated(user.fullName) : t.activation.activated(user.fullName),
          ),
        onError: (err) => failed(err, t.activation.failed),
      },
    );
  return {
    toggle,
    pending: setActive.isPending,
    label: active ? t.actions.deactivate : t.actions.activate,
    fullLabel: active ? t.actions.deactivateLabel(user.fullName) : t.actions.activateLabel(user.fullName),
  };
}

function ActivationButton({ user }: { user: UserRow }) {
  const activation = useActivation(user);
  return (
    <Button
      size="sm"
      variant="outline"
      className="min-h-11"
      disabled={activation.pending}
      aria-label={activation.fullLabel}
      onClick={activation.toggle}
    >
      {activation.label}
    </Button>
  );
}

/** A card's actions (phones): full buttons a finger can hit (44 px), each named with the person. */
export function RowActions({ user, onEdit, onWork, onDelete }: { user: UserRow } & RowHandlers) {
  const maySetWork = useMaySetWork(user);
  return (
    <div className="flex flex-wrap gap-2">
      {user.can.edit && (
        <Button
          size="sm"
          variant="outline"
          className="min-h-11"
          aria-label={t.actions.editLabel(user.fullName)}
          onClick={() => onEdit(user)}
        >
          {t.actions.edit}
        </Button>
      )}
      {maySetWork && (
        <Button
          size="sm"
          variant="outline"
          className="min-h-11"
          aria-label={ui.work.staff.openLabel(user.fullName)}
          onClick={() => onWork(user)}
        >
          {ui.work.staff.open}
        </Button>
      )}
      {user.can.deactivate && <ActivationButton user={user} />}
      {user.can.delete && (
        <Button
          size="sm"
          variant="outline"
          className="min-h-11 text-error"
          aria-label={t.actions.deleteLabel(user.fullName)}
          onClick={() => onDelete(user)}
        >
          {t.actions.delete}
        </Button>
      )}
    </div>
  );
}

/**
 * A table row's actions behind one '…' button (named with the person), so the row
 * stays one line. A Radix menu: arrow keys, Enter and Escape work, and focus returns
 * to the button.
 */
export function RowMenu({ user, onEdit, onWork, onDelete }: { user: UserRow } & RowHandlers) {
  const activation = useActivation(user);
  const maySetWork = useMaySetWork(user);
  if (!user.can.edit && !maySetWork && !user.can.deactivate && !user.can.delete) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t.actions.menuLabel(user.fullName)}>
          <Ellipsis aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-44">
        {user.can.edit && (
          <DropdownMenuItem onSelect={() => onEdit(user)}>
            <Pencil aria-hidden />
            {t.actions.edit}
          </DropdownMenuItem>
        )}
        {maySetWork && (
          <DropdownMenuItem onSelect={() => onWork(user)}>
            <BriefcaseBusiness aria-hidden />
            {ui.work.staff.open}
          </DropdownMenuItem>
        )}
        {user.can.deactivate && (
          <DropdownMenuItem disabled={activation.pending} onSelect={activation.toggle}>
            <Power aria-hidden />
            {activation.label}
          </DropdownMenuItem>
        )}
        {user.can.delete && (
          <DropdownMenuItem className="text-error [&_svg]:text-error" onSelect={() => onDelete(user)}>
            <Trash2 aria-hidden />
            {t.actions.delete}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
