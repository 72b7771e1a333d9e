/**
 * A named item's two actions in a list row ('Vaktroller', 'Kompetanse'): rename in place,
 * and delete once the person has confirmed what it removes.
 */
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "./ui/button.tsx";
import { ConfirmDialog } from "./ui/confirm-dialog.tsx";

export function RenameDeleteActions({
  renameLabel,
  deleteLabel,
  deleting,
  onRename,
  confirm,
  onDelete,
}: {
  renameLabel: string;
  deleteLabel: string;
  deleting: boolean;
  onRename: () => void;
  confirm: { title: string; description: string; confirmLabel: string; cancelLabel: string };
  onDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="flex shrink-0 gap-1">
        <Button variant="ghost" size="icon" aria-label={renameLabel} onClick={onRename}>
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={deleteLabel}
          disabled={deleting}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden className="text-error" />
        </Button>
      </div>
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} {...confirm} onConfirm={onDelete} />
    </>
  );
}
