/**
 * A name typed in place ('Ny vaktrolle', 'Ny kompetanse', renaming either): the field and
 * its hint, submit and cancel (Escape too), and the refusal under the field: the form's
 * own rule (`check`, on submit) first, else what the server answered.
 */
import { type FormEvent, useId, useState } from "react";
import { Button } from "./ui/button.tsx";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";

export function InlineNameForm({
  label,
  initial,
  placeholder,
  hint,
  maxLength,
  submitLabel,
  pendingLabel,
  cancelLabel,
  pending,
  serverError,
  check,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  placeholder: string;
  hint: string;
  /** a little above the rule's limit, so the rule (not the field) says what is wrong */
  maxLength: number;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  pending: boolean;
  serverError: string | null;
  /** the refusal of `name` in Norwegian, or null when it may be sent */
  check: (name: string) => string | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [ruleError, setRuleError] = useState<string | null>(null);
  const error = ruleError ?? serverError;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rule = check(name);
    setRuleError(rule);
    if (!rule) onSubmit(name);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" noValidate>
      <Label htmlFor={`${id}-name`}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          autoFocus
          onChange={(e) => {
            setName(e.target.value);
            setRuleError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") onCancel();
          }}
          className="sm:flex-1"
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={pending} className="flex-1 sm:flex-none">
            {pending ? pendingLabel : submitLabel}
          </Button>
          <Button variant="outline" onClick={onCancel} className="flex-1 sm:flex-none">
            {cancelLabel}
          </Button>
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-fg">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </form>
  );
}
