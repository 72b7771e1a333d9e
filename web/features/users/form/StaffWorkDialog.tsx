/**
 * 'Arbeidsavtale og kompetanse': what a leader, who cannot edit the person otherwise
 * ('Rediger bruker' is the admins'), sets for the people of the departments they lead.
 * 'Lagre' sends the departments changed, says how it went in a toast and closes.
 */
import type { FormEvent } from "react";
import { useState } from "react";
import type { UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { errorText } from "../../../lib/api.ts";
import { StaffWorkFields, useManagedDepartments, useStaffWorkForm } from "./StaffWork.tsx";

const t = ui.work.staff;

function StaffWorkForm({ user, onDone }: { user: UserRow; onDone: () => void }) {
  const depts = useManagedDepartments(user);
  const form = useStaffWorkForm(user.userId);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const inputs = form.check();
    if (!inputs || busy) return;
    setBusy(true);
    try {
      await form.saveAll(inputs);
      toast.success(t.saved);
      onDone();
    } catch (err) {
      const reason = errorText(err, t.saveFailed);
      toast.error(t.saveFailed, reason === t.saveFailed ? undefined : { description: reason });
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <StaffWorkFields form={form} userId={user.userId} depts={depts} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
}

export function StaffWorkDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t.title}
        description={t.description(user.fullName)}
        className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
      >
        <StaffWorkForm user={user} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}
