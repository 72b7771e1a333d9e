/**
 * A new channel (leaders and admins, spec §2): a name, required, at most 50 characters
 * and unique in the department (the server's answer lands on the field), public or
 * private. The creator is its first member and lands in it.
 */
import { useNavigate } from "react-router";
import { z } from "zod";
import { channelNameError, normaliseChannelName } from "../../../../common/domain/chat-messages.ts";
import { type ErrorCode, errorMessages, ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { useSchemaForm } from "../../../lib/forms.ts";
import { paths } from "../../../lib/paths.ts";
import { useCreateChannel } from "../api/channels.ts";

const t = ui.chatLists.createChannel;

/** The form, checked by the server's own name rule. */
const channelForm = z
  .object({ name: z.string(), visibility: z.enum(["public", "private"]) })
  .superRefine(({ name }, ctx) => {
    const rule = channelNameError(name);
    if (rule) ctx.addIssue({ code: "custom", message: errorMessages[rule], path: ["name"] });
  })
  .transform(({ name, visibility }) => ({
    name: normaliseChannelName(name),
    isPublic: visibility === "public",
  }));

/** The refusals about the name: shown on the field. */
const errorFields: Partial<Record<ErrorCode, string>> = {
  channel_name_required: "name",
  channel_name_too_long: "name",
  channel_name_taken: "name",
};

const visibilities = [
  { value: "public", label: t.public, hint: t.publicHint },
  { value: "private", label: t.private, hint: t.privateHint },
] as const;

function CreateChannelForm({ onCreated }: { onCreated: () => void }) {
  const navigate = useNavigate();
  const create = useCreateChannel();
  const { form, busy, id, field, alert, submit } = useSchemaForm(channelForm, {
    name: "",
    visibility: "public",
  });

  const onSubmit = submit(
    async (body) => {
      const channel = await create.mutateAsync(body);
      toast.success(t.created(channel.name));
      onCreated();
      navigate(paths.chat.channel(channel.id));
    },
    { fallback: t.failed, errorFields, focus: "name" },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("name")}>{t.name}</Label>
        <Input autoComplete="off" placeholder={t.namePlaceholder} {...field("name")} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">{t.visibility}</legend>
        {visibilities.map((v) => (
          <label
            key={v.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-border px-3 py-2.5 has-checked:border-primary has-checked:bg-secondary/40"
          >
            <input
              type="radio"
              value={v.value}
              {...form.register("visibility")}
              className="mt-1 size-4 accent-primary"
            />
            <span className="flex flex-col">
              <span className="text-[15px] font-medium text-ink">{v.label}</span>
              <span className="text-sm text-muted-fg">{v.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormAlert {...alert} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? t.creating : t.submit}
        </Button>
      </div>
    </form>
  );
}

export function CreateChannelDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.title} description={t.description}>
        <CreateChannelForm onCreated={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
