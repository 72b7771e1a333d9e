/**
 * The working-time parts of the extra shifts' admin page ('Arbeidstidsregler',
 * 'Kompetanse') for the department the leader works in now. The route table places it
 * on that page (features meet in `web/app`).
 */
import { useSession } from "../../../lib/session.tsx";
import { CompetenceSection } from "./CompetenceSection.tsx";
import { WorkRulesSection } from "./WorkRulesSection.tsx";

export function WorkAdmin() {
  const { currentDeptId } = useSession();
  if (!currentDeptId) return null;
  return (
    <>
      <WorkRulesSection deptId={currentDeptId} />
      <CompetenceSection deptId={currentDeptId} />
    </>
  );
}
