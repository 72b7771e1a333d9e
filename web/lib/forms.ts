/**
 * The app's forms: react-hook-form on a zod schema from `common`, whose rules are the
 * server's own. A form shows one message at a time in its FormAlert (the form's own
 * error first, else the first field's); every field is described by that alert while
 * it shows, the fields at fault are marked invalid and the first of them gets the focus.
 *
 * A `live` form instead shows each field's message under it (`fieldError`), checked
 * again as the field changes, so a message goes as soon as its field is right; its alert
 * keeps only what is about no field (the server's answer).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, useId } from "react";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, errorText } from "./api.ts";

export interface FailureOptions<Input extends FieldValues> {
  /** the message when the failure is not an answer of the server (a bug, no answer at all) */
  fallback: string;
  /** the field an error code is about; the server's refusal is shown there */
  errorFields?: Readonly<Partial<Record<string, string>>>;
  /** where the focus goes back to when the failure names no field */
  focus?: Path<Input>;
  /** besides the form, e.g. a toast */
  onError?: (message: string) => void;
}

/** The form-level error react-hook-form keeps under `errors.root`. */
const serverError = "root.server";

/** The first message in an error tree, depth first; a field error carries its input as `ref`. */
function firstMessage(error: unknown): string | null {
  if (!error || typeof error !== "object") return null;
  if ("message" in error && typeof error.message === "string" && error.message) return error.message;
  for (const [key, value] of Object.entries(error)) {
    const message = key === "ref" ? null : firstMessage(value);
    if (message) return message;
  }
  return null;
}

/**
 * A form checked by `schema` (the values typed in, the output its submit action gets),
 * with the wiring of its fields, alert, busy state and failures.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  { live = false }: { live?: boolean } = {},
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    // Like the server's answer, a message stands until the form is sent again, not
    // changing as one types; a live form's messages follow their fields.
    reValidateMode: live ? "onChange" : "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const base = useId();
  const alertId = `${base}-alert`;
  const message = live ? firstMessage(errors.root) : (firstMessage(errors.root) ?? firstMessage(errors));
  const id = (name: Path<Input>) => `${base}-${name}`;
  const fieldMessage = (name: Path<Input>) => form.getFieldState(name, form.formState).error?.message ?? null;

  /** For inputs react-hook-form cannot register (e.g. a Radix select under a Controller). */
  const aria = (name: Path<Input>) => ({
    id: id(name),
    "aria-invalid": form.getFieldState(name, form.formState).invalid || undefined,
    "aria-describedby":
      [live && fieldMessage(name) ? `${id(name)}-error` : null, message ? alertId : null]
        .filter(Boolean)
        .join(" ") || undefined,
  });

  const isField = (name: string | undefined): name is Path<Input> =>
    name !== undefined && form.getValues(name as Path<Input>) !== undefined;

  /**
   * Puts a failed submission into the form: on the fields the server named, each with
   * its own message under the general one; else on the field its code is about; else on
   * the form. The focus goes to the first field at fault.
   */
  function showFailure(err: unknown, options: FailureOptions<Input>) {
    const shown = errorText(err, options.fallback);
    const named = err instanceof ApiError ? (err.fields ?? {}) : {};
    const about = err instanceof ApiError ? options.errorFields?.[err.code] : undefined;
    const atFault = Object.keys(named).filter(isField);
    if (atFault.length === 0 && isField(about)) {
      form.setError(about, { type: "server", message: shown });
      atFault.push(about);
    } else {
      form.setError(serverError, { type: "server", message: shown });
      for (const name of atFault) form.setError(name, { type: "server", message: named[name] });
    }
    const focus = atFault[0] ?? options.focus;
    if (focus) form.setFocus(focus);
    options.onError?.(shown);
  }

  /**
   * The form's onSubmit: checks the schema, then runs `action` with its output. The form
   * is busy until `action` settles (await the mutation in it); what it throws is shown
   * by `showFailure`. A second submit while busy (Enter in a field) does nothing.
   */
  const submit =
    (action: (values: Output) => Promise<unknown>, options: FailureOptions<Input>) => (e: FormEvent) => {
      e.preventDefault();
      if (isSubmitting) return;
      void form.handleSubmit(async (values) => {
        try {
          await action(values);
        } catch (err) {
          showFailure(err, options);
        }
      })();
    };

  return {
    form,
    /** the form is being sent: the button shows its busy text */
    busy: isSubmitting,
    id,
    aria,
    /** a registered text input, tied to the alert */
    field: (name: Path<Input>) => ({ ...form.register(name), ...aria(name) }),
    /** FormAlert's props */
    alert: { id: alertId, message },
    /** a live form's message under a field (FieldError's props) */
    fieldError: (name: Path<Input>) => ({
      id: `${id(name)}-error`,
      message: live ? fieldMessage(name) : null,
    }),
    submit,
  };
}
