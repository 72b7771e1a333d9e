import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { withoutBidiControls } from "../../../common/domain/bidi.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { errorText } from "../../lib/api.ts";
import { useSessionActions } from "../../lib/session.tsx";
import { departmentsQuery, useJoinDepartment } from "./api/departments.ts";

const t = ui.department;

/**
 * The blocking 'Velg din avdeling' dialog for a signed-in person without a staff record
 * (spec §2). Choosing makes them staff there (ensure_staff); then the session reloads.
 */
export function DepartmentChooser() {
  const { reload } = useSessionActions();
  const [deptId, setDeptId] = useState<string>();
  const selectId = useId();
  const departments = useQuery(departmentsQuery());
  const join = useJoinDepartment();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!deptId) return;
    join.mutate(deptId, {
      onSuccess: async ({ status }) => {
        if (status === "created") toast.success(t.createdTitle, { description: t.createdBody });
        else toast.success(t.existingTitle, { description: t.existingBody });
        await reload();
      },
      onError: (err) => toast.error(t.errorTitle, { description: errorText(err, t.errorBody) }),
    });
  }

  return (
    <Dialog open>
      <DialogContent blocking title={t.title} description={t.description}>
        <form onSubmit={submit} className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={selectId}>{t.label}</Label>
            {departments.isPending ? (
              <Skeleton className="h-11" />
            ) : (
              <Select
                id={selectId}
                value={deptId}
                onValueChange={setDeptId}
                placeholder={t.placeholder}
                disabled={join.isPending || departments.isError}
                options={(departments.data?.departments ?? []).map((d) => ({
                  value: d.id,
                  label: withoutBidiControls(d.name),
                }))}
              />
            )}
          </div>
          {departments.isError && (
            <div className="flex items-center justify-between gap-3">
              <FormAlert message={t.loadFailed} className="flex-1" />
              <Button variant="outline" onClick={() => departments.refetch()}>
                {ui.common.retry}
              </Button>
            </div>
          )}
          <Button type="submit" size="lg" disabled={!deptId || join.isPending}>
            {join.isPending ? t.saving : t.submit}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
