import { ui } from "../../../common/texts/index.ts";
import {
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from "../../components/ui/dropdown-menu.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { UserText } from "../../components/user-text.tsx";
import { errorText } from "../../lib/api.ts";
import { useSession, useSessionActions } from "../../lib/session.tsx";
import { useSwitchDepartment } from "./api/departments.ts";

/** The user menu's department switch; only for a person with several active memberships. */
export function DepartmentSwitch() {
  const session = useSession();
  const { reload } = useSessionActions();
  const activeMemberships = session.memberships.filter((m) => m.isActive);

  const switchDept = useSwitchDepartment({
    onSuccess: async (_ok, deptId) => {
      await reload();
      const name = activeMemberships.find((m) => m.deptId === deptId)?.deptName;
      if (name) toast.success(ui.department.switched(name));
    },
    onError: (err) => toast.error(errorText(err, ui.department.switchFailed)),
  });

  if (activeMemberships.length <= 1) return null;
  return (
    <>
      <DropdownMenuLabel>{ui.department.switchLabel}</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={session.currentDeptId ?? ""}
        onValueChange={(deptId) => deptId !== session.currentDeptId && switchDept.mutate(deptId)}
      >
        {activeMemberships.map((m) => (
          <DropdownMenuRadioItem key={m.deptId} value={m.deptId} disabled={switchDept.isPending}>
            <UserText>{m.deptName}</UserText>
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      <DropdownMenuSeparator />
    </>
  );
}
