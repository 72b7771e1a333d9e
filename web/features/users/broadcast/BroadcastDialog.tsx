/**
 * 'Send varsel til alle' (spec §5 Broadcast, admins only): a type, a title (required, at
 * most 100), a description (at most 500) and 'Tilleggsinformasjon' as a JSON object.
 * Sending stays disabled until a type and a title are there; a form sent anyway (a title
 * of blanks, JSON that is not an object) says why in the spec's toast and at the field.
 */
import { ChevronRight } from "lucide-react";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { broadcastLimits } from "../../../../common/base/limits.ts";
import {
  type BroadcastRuleError,
  type BroadcastType,
  broadcastError,
  broadcastTypes,
  isJsonObject,
} from "../../../../common/domain/broadcast.ts";
import type { BroadcastRequest } from "../../../../common/schemas/broadcast.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Input, inputClass } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { cn } from "../../../lib/cn.ts";
import { useSchemaForm } from "../../../lib/forms.ts";
import { useSendBroadcast } from "./api.ts";

const t = ui.broadcast;

/** The form as typed: no type chosen yet is "", an empty 'Tilleggsinformasjon' is none. */
interface Values {
  type: string;
  title: string;
  description: string;
  extra: string;
}

const typeOptions = broadcastTypes.map((value) => ({ value, label: ui.notifications.broadcastKinds[value] }));

const isBroadcastType = (value: string): value is BroadcastType =>
  (broadcastTypes as readonly string[]).includes(value);

/** The field each rule is about: the form shows it there, also when the server refuses. */
const fieldOf: Record<BroadcastRuleError, keyof Values> = {
  broadcast_required: "title",
  broadcast_title_too_long: "title",
  broadcast_description_too_long: "description",
  broadcast_extra_invalid: "extra",
  broadcast_extra_too_large: "extra",
};

/** 'Tilleggsinformasjon': nothing, or the object it parses to; null when it is not a JSON object. */
function parseExtra(text: string): BroadcastRequest["extra"] | null {
  if (!text.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    // Whatever JSON.parse gives is JSON; the object check is the only one left.
    return isJsonObject(value) ? (value as BroadcastRequest["extra"]) : null;
  } catch {
    return null;
  }
}

type Checked = { body: BroadcastRequest } | { rule: BroadcastRuleError; field: keyof Values };

/** The request the form makes, or the first rule it breaks (the server's own, `broadcastError`). */
function check(values: Values): Checked {
  if (!isBroadcastType(values.type)) return { rule: "broadcast_required", field: "type" };
  if (!values.title.trim()) return { rule: "broadcast_required", field: "title" };
  const extra = parseExtra(values.extra);
  if (extra === null) return { rule: "broadcast_extra_invalid", field: "extra" };
  const body: BroadcastRequest = {
    type: values.type,
    title: values.title.trim(),
    description: values.description.trim() || undefined,
    extra,
  };
  const rule = broadcastError(body);
  return rule ? { rule, field: fieldOf[rule] } : { body };
}

const broadcastForm: z.ZodType<BroadcastRequest, Values> = z
  .object({ type: z.string(), title: z.string(), description: z.string(), extra: z.string() })
  .transform((values, ctx) => {
    const checked = check(values);
    if ("body" in checked) return checked.body;
    ctx.addIssue({ code: "custom", message: errorMessages[checked.rule], path: [checked.field] });
    return z.NEVER;
  });

/** Spec §5's toasts: 'Fyll ut påkrevde felter' and 'Ugyldig JSON' with the rule's message. */
const toastTitles: Partial<Record<BroadcastRuleError, string>> = {
  broadcast_required: t.requiredTitle,
  broadcast_extra_invalid: t.invalidJsonTitle,
};

function Counter({ id, used, max }: { id: string; used: number; max: number }) {
  return (
    <p id={id} className="text-right text-xs text-muted-fg tabular">
      {t.counter(used, max)}
    </p>
  );
}

function BroadcastForm({ onSent }: { onSent: () => void }) {
  const send = useSendBroadcast();
  const { form, busy, id, aria, field, alert, submit } = useSchemaForm(broadcastForm, {
    type: "",
    title: "",
    description: "",
    extra: "",
  });
  const [type, title, description] = form.watch(["type", "title", "description"]);
  // 'Tilleggsinformasjon' is for the few who need it: behind 'Avansert', opened by a
  // click or by an error that points at it.
  const [advanced, setAdvanced] = useState(false);
  const showAdvanced = advanced || Boolean(form.formState.errors.extra);
  /** The field's own wiring, also described by its counter or hint. */
  const described = (name: keyof Values, by: string) => {
    const wired = field(name);
    return { ...wired, "aria-describedby": [by, wired["aria-describedby"]].filter(Boolean).join(" ") };
  };

  const sendChecked = submit(
    async (body) => {
      const { count } = await send.mutateAsync(body);
      toast.success(t.sent, { description: t.sentTo(count) });
      onSent();
    },
    {
      fallback: t.failed,
      errorFields: fieldOf,
      focus: "title",
      onError: (message) => toast.error(t.failed, { description: message }),
    },
  );
  const onSubmit = (e: FormEvent) => {
    const checked = check(form.getValues());
    if ("field" in checked && checked.field === "extra") setAdvanced(true);
    if ("rule" in checked)
      toast.error(toastTitles[checked.rule] ?? t.failed, { description: errorMessages[checked.rule] });
    sendChecked(e);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("type")}>{t.type}</Label>
        <Select
          {...aria("type")}
          // "" (none chosen yet) shows the placeholder and keeps the select controlled.
          value={type}
          onValueChange={(value) => form.setValue("type", value)}
          placeholder={t.typePlaceholder}
          options={typeOptions}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("title")}>{t.heading}</Label>
        <Input
          autoComplete="off"
          maxLength={broadcastLimits.titleMaxLength}
          placeholder={t.headingPlaceholder}
          {...described("title", `${id("title")}-count`)}
        />
        <Counter id={`${id("title")}-count`} used={title.length} max={broadcastLimits.titleMaxLength} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("description")}>{t.body}</Label>
        <textarea
          rows={3}
          maxLength={broadcastLimits.descriptionMaxLength}
          className={cn(inputClass, "h-auto py-2.5")}
          {...described("description", `${id("description")}-count`)}
        />
        <Counter
          id={`${id("description")}-count`}
          used={description.length}
          max={broadcastLimits.descriptionMaxLength}
        />
      </div>
      <details
        open={showAdvanced}
        onToggle={(e) => setAdvanced(e.currentTarget.open)}
        className="group rounded-md border border-border"
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 text-sm font-medium text-ink [&::-webkit-details-marker]:hidden">
          <ChevronRight
            aria-hidden
            className="size-4 text-muted-fg transition-transform group-open:rotate-90"
          />
          {t.advanced}
        </summary>
        <div className="flex flex-col gap-1.5 border-t border-border p-3">
          <Label htmlFor={id("extra")}>{t.extra}</Label>
          <textarea
            rows={3}
            spellCheck={false}
            placeholder='{"avdeling": "Post 1"}'
            className={cn(inputClass, "h-auto py-2.5 font-mono text-sm")}
            {...described("extra", `${id("extra")}-hint`)}
          />
          <p id={`${id("extra")}-hint`} className="text-xs text-muted-fg">
            {t.extraHint}
          </p>
        </div>
      </details>
      <FormAlert {...alert} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={busy || !type || !title}>
          {busy ? t.sending : t.submit}
        </Button>
      </div>
    </form>
  );
}

export function BroadcastDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.title} description={t.description} className="max-w-lg">
        <BroadcastForm onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
