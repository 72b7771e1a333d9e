import { isLeaderOrAdmin } from "../../../common/domain/roles.ts";
import { useSession } from "../../lib/session.tsx";

/**
 * 'Ny ekstravakt' is offered to leaders and admins in the department they work in now;
 * the server decides again when the draft is sent.
 */
export function useMayCreateShifts() {
  const { role, currentDeptId } = useSession();
  return isLeaderOrAdmin(role) && currentDeptId !== null;
}
