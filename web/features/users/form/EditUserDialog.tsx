/**
 * 'Rediger bruker' (admins): the e-mail shown but not editable (it is the account's
 * sign-in), the avatar, first and last name, phone, per staff record its role and
 * whether it is active, and its contract and competences (issue 28). The server's
 * refusals (the last active admin) come back in the toast and the form. A contract
 * field at fault stops the save before anything is sent.
 */
import { useId, useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { roles } from "../../../../common/domain/roles.ts";
import { editUserInput, type UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { AvatarUpload } from "../../../components/avatar-upload.tsx";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { useSchemaForm } from "../../../lib/forms.ts";
import { useAvatarActions } from "../api/avatar.ts";
import { useEditUser } from "../api/mutations.ts";
import { Field, NameFields, roleOptions } from "./fields.tsx";
import { StaffWorkFields, useManagedDepartments, useStaffWorkForm } from "./StaffWork.tsx";

const t = ui.users;

const required = z.string().trim().min(1, t.required);

/** The form as typed; an empty phone is none. Then the server's own rules. */
const editForm = z
  .object({
    firstName: required,
    lastName: required,
    phone: z.string(),
    memberships: z.array(z.object({ deptId: z.string(), role: z.enum(roles), isActive: z.boolean() })),
  })
  .transform(({ phone, ...rest }) => ({ ...rest, phone: phone.trim() || null }))
  .pipe(editUserInput);

function EditUserForm({ user, onDone }: { user: UserRow; onDone: () => void }) {
  const edit = useEditUser(user.userId);
  const depts = useManagedDepartments(user);
  const work = useStaffWorkForm(user.userId);
  const emailId = useId();
  // The dialog keeps the row it opened with; the picture follows the uploads made in it.
  const [avatarUrl, setAvatarUrl] = useState(user.avatarUrl);
  const actions = useAvatarActions(user.userId);
  const avatar = {
    upload: async (file: File, onProgress: (percent: number) => void) =>
      setAvatarUrl((await actions.upload(file, onProgress)).avatarUrl),
    remove: async () => setAvatarUrl((await actions.remove()).avatarUrl),
  };
  const { form, busy, id, field, alert, submit } = useSchemaForm(editForm, {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? "",
    memberships: user.memberships.map(({ deptId, role, isActive }) => ({ deptId, role, isActive })),
  });

  const onSubmit = submit(
    async (body) => {
      const contracts = work.check();
      if (!contracts) return;
      await edit.mutateAsync(body);
      await work.saveAll(contracts);
      toast.success(t.edit.updated);
      onDone();
    },
    {
      fallback: t.edit.failed,
      focus: "firstName",
      onError: (message) =>
        toast.error(t.edit.failed, message === t.edit.failed ? undefined : { description: message }),
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {user.can.avatar ? (
        <AvatarUpload name={user.fullName} src={avatarUrl} {...avatar} />
      ) : (
        <Avatar name={user.fullName} src={avatarUrl} size="lg" />
      )}
      <div>
        <Field id={emailId} label={t.fields.email}>
          <Input id={emailId} value={user.email} disabled readOnly aria-describedby={`${emailId}-hint`} />
        </Field>
        <p id={`${emailId}-hint`} className="mt-1 text-xs text-muted-fg">
          {t.edit.emailHint}
        </p>
      </div>
      <NameFields first={field("firstName")} last={field("lastName")} />
      <Field id={id("phone")} label={t.fields.phone}>
        <Input type="tel" autoComplete="off" {...field("phone")} />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-ink">{t.edit.memberships}</legend>
        {user.memberships.map((m, i) => (
          <div key={m.deptId} className="grid grid-cols-[1fr_auto] items-end gap-3">
            <Field id={id(`memberships.${i}.role`)} label={t.edit.roleIn(withoutBidiControls(m.deptName))}>
              <NativeSelect options={roleOptions} {...field(`memberships.${i}.role`)} />
            </Field>
            <div className="flex h-11 items-center gap-2">
              <Controller
                control={form.control}
                name={`memberships.${i}.isActive`}
                render={({ field: active }) => (
                  <Checkbox
                    id={id(`memberships.${i}.isActive`)}
                    checked={active.value}
                    onCheckedChange={(checked) => active.onChange(checked === true)}
                  />
                )}
              />
              <Label htmlFor={id(`memberships.${i}.isActive`)}>
                {t.edit.activeIn(withoutBidiControls(m.deptName))}
              </Label>
            </div>
          </div>
        ))}
      </fieldset>
      <StaffWorkFields form={work} userId={user.userId} depts={depts} />
      <FormAlert {...alert} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t.actions.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? t.edit.saving : t.edit.submit}
        </Button>
      </div>
    </form>
  );
}

/** Open while a person is being edited; closing it ends the edit. */
export function EditUserDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t.edit.title} className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <EditUserForm user={user} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}
