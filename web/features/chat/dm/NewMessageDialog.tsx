/**
 * 'Velg kollega': the colleagues of my department; choosing one opens our direct thread
 * (get_or_create_direct_thread, spec §7) at /chat/dm/{id}.
 */
import { ChevronRight } from "lucide-react";
import { useNavigate } from "react-router";
import type { Colleague } from "../../../../common/schemas/departments.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { errorText } from "../../../lib/api.ts";
import { paths } from "../../../lib/paths.ts";
import { useSession } from "../../../lib/session.tsx";
import { useOpenDirectThread } from "../api/dms.ts";
import { ColleagueList } from "../members/ColleagueList.tsx";

const t = ui.chatLists;

export function NewMessageDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const openThread = useOpenDirectThread();
  const opening = openThread.isPending ? openThread.variables : undefined;

  function choose(colleague: Colleague) {
    if (openThread.isPending) return;
    openThread.mutate(colleague.userId, {
      onSuccess: (thread) => {
        onOpenChange(false);
        navigate(paths.chat.dm(thread.id));
      },
      onError: (err) => toast.error(errorText(err, t.dm.openFailed)),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.picker.title} description={t.picker.description}>
        {session.currentDeptId && (
          <ColleagueList
            deptId={session.currentDeptId}
            hide={session.user.id}
            // One name left after typing: Enter opens it, the keyboard's way of choosing.
            onEnter={(found) => {
              if (found.length === 1 && found[0]) choose(found[0]);
            }}
            renderRow={(c) => (
              <button
                type="button"
                onClick={() => choose(c)}
                disabled={openThread.isPending}
                aria-busy={opening === c.userId || undefined}
                className="flex min-h-12 w-full items-center gap-3 rounded-md px-2 py-1.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60"
              >
                <Avatar name={c.fullName} src={c.avatarUrl} size="sm" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-[15px] font-medium text-ink">
                    <UserText>{c.fullName}</UserText>
                  </span>
                  <span className="text-xs text-muted-fg">{ui.roles.label[c.role]}</span>
                </span>
                {opening === c.userId ? (
                  <Spinner className="size-4" label={t.picker.opening} />
                ) : (
                  <ChevronRight aria-hidden className="size-4 text-muted-fg" />
                )}
              </button>
            )}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
