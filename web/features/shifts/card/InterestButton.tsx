/**
 * 'Jeg er interessert', and once interested 'Trekk interesse'; the change shows at once.
 * Full width and 44 px high, pressed with gloves on a phone; `secondary` when the card
 * has another main action (a leader's 'Tildel automatisk').
 *
 * Before registering, the working-time rules are asked (issue 28). A refusal is said
 * under the button with each reason, and nothing is registered; warnings ('Kort hvile')
 * are said there too, and 'Meld interesse likevel' registers. When the check cannot be
 * made, the interest is sent anyway: the server applies the same rules to it.
 */
import { useId, useRef, useState } from "react";
import type { ShiftDto } from "../../../../common/schemas/shifts.ts";
import type { TakeCheckDto } from "../../../../common/schemas/work.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { useTakeCheck } from "../api/eligibility.ts";
import { useShiftInterest } from "../api/mutations.ts";

const t = ui.shifts.actions;
const w = ui.work.take;

function Reasons({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-1 list-disc pl-5">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Why the rules refuse: announced at once, until the person looks away from it. */
function Refusal({ check, onDismiss }: { check: TakeCheckDto; onDismiss: () => void }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-error/30 bg-error/5 px-3 py-2.5 text-sm text-error">
      <div role="alert">
        <p className="font-semibold">{w.refused}</p>
        <Reasons items={check.refusals} />
      </div>
      <Button variant="ghost" size="sm" className="self-end" onClick={onDismiss}>
        {w.dismiss}
      </Button>
    </div>
  );
}

/** What to know before going on; the focus comes here so a keyboard meets it first. */
function Warnings({
  check,
  busy,
  onConfirm,
  onCancel,
}: {
  check: TakeCheckDto;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      ref={(node) => node?.focus()}
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel();
      }}
      className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm text-ink focus-visible:outline-2 focus-visible:outline-primary"
    >
      <div role="alert">
        <p id={`${id}-title`} className="font-semibold">
          {w.warningsTitle}
        </p>
        <p>{w.warningsIntro}</p>
        <Reasons items={check.warnings} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {w.cancel}
        </Button>
        <Button disabled={busy} onClick={onConfirm}>
          {w.confirm}
        </Button>
      </div>
    </section>
  );
}

export function InterestButton({ shift, secondary = false }: { shift: ShiftDto; secondary?: boolean }) {
  const interest = useShiftInterest();
  const check = useTakeCheck();
  const [verdict, setVerdict] = useState<TakeCheckDto | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const register = () => interest.mutate({ shift, interested: true });
  const close = () => {
    setVerdict(null);
    button.current?.focus();
  };
  const press = () => {
    // Not disabled while the rules are asked: the focus stays here for what they answer.
    if (check.isPending) return;
    setVerdict(null);
    if (shift.isInterested) return interest.mutate({ shift, interested: false });
    check.mutate(shift.id, {
      onSuccess: (answer) => {
        if (answer.may && answer.warnings.length === 0) register();
        else setVerdict(answer);
      },
      onError: register,
    });
  };
  return (
    <>
      <Button
        ref={button}
        variant={shift.isInterested || secondary ? "outline" : "primary"}
        size="lg"
        disabled={interest.isPending}
        aria-busy={check.isPending || undefined}
        onClick={press}
        className="w-full"
      >
        {shift.isInterested ? t.withdraw : t.interest}
      </Button>
      {verdict && !verdict.may && <Refusal check={verdict} onDismiss={close} />}
      {verdict?.may && (
        <Warnings
          check={verdict}
          busy={interest.isPending}
          onConfirm={() => {
            register();
            close();
          }}
          onCancel={close}
        />
      )}
    </>
  );
}
