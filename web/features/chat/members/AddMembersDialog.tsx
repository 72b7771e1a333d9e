/**
 * 'Add members' to a channel or a shift thread (spec §2, §5, §8): the thread's
 * department's colleagues with a search and checkboxes; at least one ('Ingen valgt'),
 * and only people of that department, checked by the rule the server applies.
 */
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { addMembersError } from "../../../../common/domain/chat-messages.ts";
import type { ThreadDto } from "../../../../common/schemas/chat.ts";
import type { Colleague } from "../../../../common/schemas/departments.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { ApiError, errorText } from "../../../lib/api.ts";
import { colleaguesQuery, useAddMembers } from "../api/members.ts";
import { threadQuery } from "../api/thread.ts";
import { ColleagueList } from "./ColleagueList.tsx";

const t = ui.chatLists.addMembers;

/**
 * The server's reason when it refused the people chosen (not in the department, not
 * allowed here); anything else, a lost connection or a fault, is the spec's "try again".
 */
const refusal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : null;

function MemberRow({
  colleague,
  checked,
  already,
  onToggle,
}: {
  colleague: Colleague;
  checked: boolean;
  already: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-12 items-center gap-3 rounded-md px-2 hover:bg-muted has-disabled:hover:bg-transparent">
      <Checkbox
        id={id}
        checked={already || checked}
        disabled={already}
        onCheckedChange={onToggle}
        className="disabled:opacity-45"
      />
      <Label
        htmlFor={id}
        className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 py-1.5 font-normal"
      >
        <Avatar name={colleague.fullName} src={colleague.avatarUrl} size="sm" />
        <span className="truncate text-[15px] text-ink">
          <UserText>{colleague.fullName}</UserText>
        </span>
        {already && <span className="ml-auto shrink-0 text-xs text-muted-fg">{t.already}</span>}
      </Label>
    </div>
  );
}

function AddMembersForm({ thread, onDone }: { thread: ThreadDto; onDone: () => void }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const colleagues = useQuery(colleaguesQuery(thread.deptId));
  const add = useAddMembers(thread.id);
  const members = new Set(thread.members.map((m) => m.userId));

  function toggle(userId: string) {
    const next = new Set(selected);
    if (!next.delete(userId)) next.add(userId);
    setSelected(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (add.isPending) return;
    const userIds = [...selected];
    const inDepartment = new Set(colleagues.data?.staff.map((c) => c.userId));
    const rule = addMembersError(userIds, inDepartment);
    if (rule) return setMessage(errorMessages[rule]);
    setMessage(null);
    add.mutate(userIds, {
      onSuccess: ({ added }) => {
        toast.success(t.added(added));
        onDone();
      },
      onError: (err) => setMessage(refusal(err) ?? t.failed),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ColleagueList
        deptId={thread.deptId}
        renderRow={(c) => (
          <MemberRow
            colleague={c}
            checked={selected.has(c.userId)}
            already={members.has(c.userId)}
            onToggle={() => toggle(c.userId)}
          />
        )}
      />
      <FormAlert message={message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={add.isPending || colleagues.isError}>
          {add.isPending ? t.adding : t.submit(selected.size)}
        </Button>
      </div>
    </form>
  );
}

/** For the header of a channel or shift thread, and the channel list. */
export function AddMembersDialog({
  threadId,
  open,
  onOpenChange,
}: {
  threadId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // The header knows the department and who is in already; asked only once the dialog opens.
  const thread = useQuery({ ...threadQuery(threadId), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.title} description={t.description}>
        {thread.data ? (
          <AddMembersForm thread={thread.data} onDone={() => onOpenChange(false)} />
        ) : thread.isError ? (
          <FormAlert message={errorText(thread.error, ui.chatLists.colleagues.failed)} />
        ) : (
          <Skeleton className="h-40" />
        )}
      </DialogContent>
    </Dialog>
  );
}
