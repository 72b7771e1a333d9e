/**
 * /admin/duty 'Vaktroller' (leaders and admins; the route sends staff home): the
 * department's roles ('Ny vaktrolle', rename, delete) and the grid of who holds each in
 * every block of today and the next 14 days. Live: `duty.changed` reads it again.
 */
import { ShieldCheck } from "lucide-react";
import { ui } from "../../../../common/texts/index.ts";
import { Page } from "../../../components/page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.tsx";
import { useFollowDuty } from "../api/follow.ts";
import { useDutyGrid } from "../api/queries.ts";
import { DutyGrid } from "./DutyGrid.tsx";
import { RoleList } from "./RoleList.tsx";

const t = ui.duty;

function Content({ deptId }: { deptId: string }) {
  const grid = useDutyGrid(deptId);
  if (grid.isPending)
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t.loading}</span>
        <Skeleton className="h-32" />
        <Skeleton className="h-64" />
      </div>
    );
  if (grid.isError)
    return (
      <EmptyState
        title={t.failed}
        action={
          <Button variant="outline" onClick={() => void grid.refetch()}>
            {t.retry}
          </Button>
        }
      >
        {errorText(grid.error, ui.common.networkError)}
      </EmptyState>
    );
  const { roles } = grid.data;
  return (
    <>
      <RoleList deptId={deptId} roles={roles} />
      {roles.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={t.empty}>
          {t.emptyBody}
        </EmptyState>
      ) : (
        <section className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold text-ink">{t.gridTitle}</h2>
          <DutyGrid grid={grid.data} />
        </section>
      )}
    </>
  );
}

export function DutyAdminPage() {
  useFollowDuty();
  const { currentDeptId } = useSession();
  return (
    <Page title={t.title} subtitle={t.subtitle}>
      {currentDeptId && <Content deptId={currentDeptId} />}
    </Page>
  );
}
