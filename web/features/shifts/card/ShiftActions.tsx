/**
 * A card's buttons, from what the server says I may do (`can`), never from my role.
 * The main actions are full width; editing, deleting and closing are the smaller ones.
 */
import { useState } from "react";
import type { ShiftDto } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { useAssignShift, useCloseShift, useDeleteShift, usePublishShift } from "../api/mutations.ts";
import { ShiftFormDialog } from "../form/ShiftFormDialog.tsx";
import { quoteShift } from "../format.ts";
import { useOutcomeParam } from "../outcome/outcome-param.ts";
import { AssignConfirmDialog } from "./AssignConfirmDialog.tsx";
import { InterestButton } from "./InterestButton.tsx";

const t = ui.shifts;

export function ShiftActions({ shift }: { shift: ShiftDto }) {
  const { can } = shift;
  const outcome = useOutcomeParam();
  const assign = useAssignShift((id, before) => outcome.open(id, { afterAssign: !before }));
  const publish = usePublishShift();
  const remove = useDeleteShift();
  const close = useCloseShift();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<"delete" | "close" | null>(null);
  // 'Tildel automatisk' shows who it would decide among, and how, before it runs.
  const [assigning, setAssigning] = useState(false);
  const minor = can.edit || can.delete || can.close;
  // Spec §2: 'Tildel automatisk' on open shifts with interest; without any, it would only
  // say 'Ingen interesserte'. It is then the card's one main action.
  const assignable = can.assign && shift.interestCount > 0;

  return (
    <div className="mt-auto flex flex-col gap-2">
      {can.interest && <InterestButton shift={shift} secondary={assignable} />}
      {assignable && (
        <Button size="lg" className="w-full" disabled={assign.isPending} onClick={() => setAssigning(true)}>
          {t.actions.assign}
        </Button>
      )}
      {assignable && (
        <AssignConfirmDialog
          shift={shift}
          open={assigning}
          onOpenChange={setAssigning}
          onConfirm={() => assign.mutate(shift.id)}
        />
      )}
      {can.viewOutcome && (
        <Button variant="outline" size="lg" className="w-full" onClick={() => outcome.open(shift.id)}>
          {t.actions.viewOutcome}
        </Button>
      )}
      {can.publish && (
        <Button
          size="lg"
          className="w-full"
          disabled={publish.isPending}
          onClick={() => publish.mutate(shift.id)}
        >
          {t.actions.publish}
        </Button>
      )}
      {minor && (
        <div className="flex flex-wrap gap-2">
          {can.edit && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              {t.actions.edit}
            </Button>
          )}
          {can.delete && (
            <Button variant="outline" disabled={remove.isPending} onClick={() => setConfirm("delete")}>
              {t.actions.delete}
            </Button>
          )}
          {can.close && (
            <Button variant="outline" disabled={close.isPending} onClick={() => setConfirm("close")}>
              {t.actions.close}
            </Button>
          )}
        </div>
      )}
      {can.edit && <ShiftFormDialog open={editing} onOpenChange={setEditing} shift={shift} />}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === "close" ? t.confirmClose.title : t.confirmDelete.title}
        description={
          confirm === "close"
            ? t.confirmClose.body(quoteShift(shift))
            : t.confirmDelete.body(quoteShift(shift))
        }
        confirmLabel={confirm === "close" ? t.actions.close : t.actions.delete}
        cancelLabel={t.actions.cancel}
        onConfirm={() => (confirm === "close" ? close : remove).mutate(shift.id)}
      />
    </div>
  );
}
