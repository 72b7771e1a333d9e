/**
 * 'Legg til ny bruker' (spec §5 Add user, admins): first and last name, e-mail and
 * department are required ('Vennligst fyll ut alle påkrevde felt'), phone is optional,
 * the role is staff unless chosen. The server makes the person (or updates them, by
 * e-mail) and mails an invitation, so they can sign in by magic link at once. An address
 * that has an account is asked about first: 'Personen finnes allerede' lists what would
 * change, and only a second confirm applies it (ExistingPersonStep).
 */
import { useState } from "react";
import { z } from "zod";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { roles } from "../../../../common/domain/roles.ts";
import {
  type CreateUserInput,
  type CreateUserPreview,
  createUserInput,
} from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { errorText } from "../../../lib/api.ts";
import { useSchemaForm } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.tsx";
import { failed, useCreateUser, usePreviewCreateUser } from "../api/mutations.ts";
import { useDepartments } from "../api/queries.ts";
import { ExistingPersonStep } from "./ExistingPersonStep.tsx";
import { Field, NameFields, roleOptions } from "./fields.tsx";

const t = ui.users;

const required = z.string().trim().min(1, t.required);

/** The form as typed: every field a string; an empty phone is none. Then the server's own rules. */
const createForm = z
  .object({
    firstName: required,
    lastName: required,
    email: required,
    deptId: required,
    phone: z.string(),
    role: z.enum(roles),
  })
  .transform(
    ({ phone, ...rest }): z.input<typeof createUserInput> => ({ ...rest, phone: phone.trim() || undefined }),
  )
  .pipe(createUserInput);

interface Pending {
  body: CreateUserInput;
  existing: NonNullable<CreateUserPreview["existing"]>;
}

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const { currentDeptId } = useSession();
  const departments = useDepartments();
  const create = useCreateUser();
  const preview = usePreviewCreateUser();
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const { busy, id, field, alert, submit } = useSchemaForm(createForm, {
    firstName: "",
    lastName: "",
    email: "",
    deptId: currentDeptId ?? "",
    phone: "",
    role: "staff",
  });
  const deptOptions = (departments.data?.departments ?? []).map((d) => ({
    value: d.id,
    label: withoutBidiControls(d.name),
  }));

  const save = async (body: CreateUserInput) => {
    const { user, created } = await create.mutateAsync(body);
    toast.success(created ? t.create.created : t.create.updated, {
      description: created ? t.create.createdBody(user.email) : t.create.updatedBody(user.email),
    });
    onDone();
  };

  const onSubmit = submit(
    async (body) => {
      const { existing } = await preview.mutateAsync(body);
      if (existing) {
        setConfirmError(null);
        setPending({ body, existing });
      } else await save(body);
    },
    {
      fallback: t.create.failed,
      focus: "firstName",
      onError: (message) =>
        toast.error(t.create.failed, message === t.create.failed ? undefined : { description: message }),
    },
  );

  if (pending)
    return (
      <ExistingPersonStep
        existing={pending.existing}
        busy={create.isPending}
        error={confirmError}
        onBack={() => setPending(null)}
        onConfirm={() =>
          save(pending.body).catch((err: unknown) => {
            failed(err, t.create.failed);
            setConfirmError(errorText(err, t.create.failed));
          })
        }
      />
    );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <NameFields first={field("firstName")} last={field("lastName")} />
      <Field id={id("email")} label={t.fields.email}>
        <Input type="email" autoComplete="off" required {...field("email")} />
      </Field>
      <Field id={id("deptId")} label={t.fields.dept}>
        <NativeSelect
          placeholder={t.fields.deptPlaceholder}
          options={deptOptions}
          required
          {...field("deptId")}
        />
      </Field>
      {departments.isError && <FormAlert message={t.deptsFailed} />}
      <Field id={id("phone")} label={t.fields.phone}>
        <Input type="tel" autoComplete="off" {...field("phone")} />
      </Field>
      <Field id={id("role")} label={t.fields.role}>
        <NativeSelect options={roleOptions} {...field("role")} />
      </Field>
      <FormAlert {...alert} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t.actions.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? t.create.saving : t.create.submit}
        </Button>
      </div>
    </form>
  );
}

export function CreateUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.create.title} description={t.create.description} className="max-w-lg">
        <CreateUserForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
