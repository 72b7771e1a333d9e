/**
 * 'Opprett tilbud' (spec §5 Create swap offer): first 'Gi bort' or 'Bytt', then one of
 * my future assignments or a described shift (title, start and end date, optional hours
 * filled in from the title, place), then the wishes (for a swap) and who sees it. The button looks and reads as off until the
 * shift is named; pressed anyway (or Enter) it says what is missing ('Fyll ut påkrevde
 * felter').
 */
import { type FormEvent, useEffect, useState } from "react";
import type { MyAssignment } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { useFeature } from "../../../lib/config.tsx";
import { useSchemaForm } from "../../../lib/forms.ts";
import { useCreateOffer } from "../api/mutations.ts";
import { useMyAssignments } from "../api/queries.ts";
import { OfferedShift } from "./OfferedShift.tsx";
import { OfferKind } from "./OfferKind.tsx";
import { OfferOptions } from "./OfferOptions.tsx";
import { createOfferSchema, emptyOffer, missingRequired, offerErrorFields } from "./offer-form.ts";

const t = ui.swaps.create;

/** My assignments that can still be offered (one open offer per assignment). */
const offerable = (list: MyAssignment[]) => list.filter((a) => a.openOfferId === null);

function CreateOfferForm({ assignments, onDone }: { assignments: MyAssignment[]; onDone: () => void }) {
  const automatch = useFeature("swapsAutomatch");
  const [schema] = useState(() => createOfferSchema(automatch));
  const { form, busy, field, alert, submit } = useSchemaForm(
    schema,
    emptyOffer(assignments.length > 0 ? "assignment" : "describe"),
  );
  const create = useCreateOffer();
  const values = form.watch();
  const describing = values.source === "describe";
  // The form appears after the dialog opened (it waited for my assignments): its first
  // field takes the focus from the dialog's close button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form appears
  useEffect(() => form.setFocus("requireSwap"), []);

  const send = submit(
    async (body) => {
      await create.mutateAsync(body);
      onDone();
    },
    { fallback: t.failed, errorFields: offerErrorFields },
  );
  const onSubmit = (e: FormEvent) => {
    if (missingRequired(form.getValues())) {
      e.preventDefault();
      toast.error(t.requiredTitle, { description: describing ? t.requiredBody : t.assignmentRequired });
      return;
    }
    send(e);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <OfferKind control={form.control} />
      <OfferedShift form={form} field={field} assignments={assignments} />
      <OfferOptions control={form.control} field={field} />
      <FormAlert {...alert} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t.cancel}</Button>
        </DialogClose>
        {/*
          Off (aria-disabled) until the shift is named, yet still pressable: a disabled
          button would stop Enter too, and the person would never learn what is missing.
        */}
        <Button
          type="submit"
          disabled={busy}
          aria-disabled={missingRequired(values) || undefined}
          className="aria-disabled:opacity-55"
        >
          {busy ? t.saving : t.submit}
        </Button>
      </div>
    </form>
  );
}

/** The form waits for my assignments, so it opens on the right choice. */
function CreateOfferContent({ onDone }: { onDone: () => void }) {
  const assignments = useMyAssignments(null);
  return (
    <DialogContent
      title={t.title}
      description={t.description}
      className="max-h-[90dvh] max-w-lg overflow-y-auto"
    >
      {assignments.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{ui.swaps.loading}</span>
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : (
        <CreateOfferForm assignments={offerable(assignments.data?.assignments ?? [])} onDone={onDone} />
      )}
    </DialogContent>
  );
}

export function CreateOfferDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <CreateOfferContent onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
