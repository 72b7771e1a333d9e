/**
 * The first choice of an offer: 'Gi bort' or 'Bytt' (`requireSwap`), as one radio group
 * whose options say what each means, so nothing reads as the opposite of what is chosen.
 */
import { type Control, Controller } from "react-hook-form";
import { ui } from "../../../../common/texts/index.ts";
import { cn } from "../../../lib/cn.ts";
import type { OfferFormFields } from "./offer-form.ts";

const t = ui.swaps.create;

const kinds = [
  { requireSwap: false, label: t.giveaway, hint: t.giveawayHint },
  { requireSwap: true, label: t.swap, hint: t.swapHint },
] as const;

export function OfferKind<Output>({ control }: { control: Control<OfferFormFields, unknown, Output> }) {
  return (
    <Controller
      control={control}
      name="requireSwap"
      render={({ field: f }) => (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink">{t.kind}</legend>
          <div className="grid grid-cols-2 gap-2">
            {kinds.map((kind) => (
              <label
                key={kind.label}
                className={cn(
                  "flex min-h-11 cursor-pointer items-start gap-2.5 rounded-md border border-border p-3",
                  "has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary",
                )}
              >
                <input
                  type="radio"
                  name={f.name}
                  ref={kind.requireSwap ? f.ref : undefined}
                  checked={f.value === kind.requireSwap}
                  onChange={() => f.onChange(kind.requireSwap)}
                  onBlur={f.onBlur}
                  className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
                />
                <span className="flex flex-col">
                  <span className="text-[15px] font-semibold text-ink">{kind.label}</span>
                  <span className="text-sm text-muted-fg">{kind.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    />
  );
}
