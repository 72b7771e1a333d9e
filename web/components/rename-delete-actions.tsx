/**
 * A named item's two actions in a list row ('Vaktroller', 'Kompetanse'): rename in place,
 * and delete once the person has confirmed what it removes. Each list's texts have the
 * same shape (`RenameDeleteTexts`), so a row passes its texts and the item's name.
 */
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "./ui/button.tsx";
import { ConfirmDialog } from "./ui/confirm-dialog.tsx";

/** What a list's texts say about renaming and deleting one of its items. */
export interface RenameDeleteTexts {
  renameLabel: (name: string) => string;
  deleteLabel: (name: string) => string;
  deleteTitle: (name: string) => string;
  deleteBody: string;
  delete: string;
  cancel: string;
}

export function RenameDeleteActions({
  name,
  texts,
  deleting,
  onRename,
  onDelete,
}: {
  name: string;
  texts: RenameDeleteTexts;
  deleting: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="flex shrink-0 gap-1">
        <Button variant="ghost" size="icon" aria-label={texts.renameLabel(name)} onClick={onRename}>
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={texts.deleteLabel(name)}
          disabled={deleting}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden className="text-error" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={texts.deleteTitle(name)}
        description={texts.deleteBody}
        confirmLabel={texts.delete}
        cancelLabel={texts.cancel}
        onConfirm={onDelete}
      />
    </>
  );
}
