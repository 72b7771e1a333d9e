/** 'Slett bruker': a warning that the person and everything linked to them goes for good. */

import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import type { UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { failed, useDeleteUser } from "../api/mutations.ts";

const t = ui.users;

export function DeleteUserDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const confirm = () => {
    if (!user) return;
    remove.mutate(user.userId, {
      onSuccess: () => toast.success(t.delete.deleted),
      onError: (err) => failed(err, t.delete.failed),
    });
  };
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.delete.title}
      description={user ? t.delete.description(withoutBidiControls(user.fullName)) : ""}
      confirmLabel={t.delete.confirm}
      cancelLabel={t.actions.cancel}
      onConfirm={confirm}
    />
  );
}
