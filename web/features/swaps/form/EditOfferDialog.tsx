/**
 * 'Rediger vaktilbud' (spec §5 Edit offer): 'Gi bort' or 'Bytt', the wishes and who sees
 * the offer; the shift it gives stays what it is.
 */
import { useState } from "react";
import type { SwapOfferDto } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { useFeature } from "../../../lib/config.tsx";
import { useSchemaForm } from "../../../lib/forms.ts";
import { useEditOffer } from "../api/mutations.ts";
import { quoteSwapShift } from "../format.ts";
import { OfferKind } from "./OfferKind.tsx";
import { OfferOptions } from "./OfferOptions.tsx";
import { editOfferSchema, offerErrorFields, offerFields } from "./offer-form.ts";

const t = ui.swaps.edit;

function EditOfferForm({ offer, onDone }: { offer: SwapOfferDto; onDone: () => void }) {
  const automatch = useFeature("swapsAutomatch");
  const [schema] = useState(() => editOfferSchema(automatch));
  const { form, busy, field, alert, submit } = useSchemaForm(schema, offerFields(offer));
  const edit = useEditOffer(offer.id);
  const onSubmit = submit(
    async (body) => {
      await edit.mutateAsync(body);
      onDone();
    },
    { fallback: t.failed, errorFields: offerErrorFields },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <OfferKind control={form.control} />
      <OfferOptions control={form.control} field={field} />
      <FormAlert {...alert} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{ui.swaps.create.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? t.saving : t.submit}
        </Button>
      </div>
    </form>
  );
}

export function EditOfferDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: SwapOfferDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={t.title}
          description={quoteSwapShift(offer.shift)}
          className="max-h-[90dvh] max-w-lg overflow-y-auto"
        >
          <EditOfferForm offer={offer} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
