/** My name and phone, as I edit them on 'Min Profil' (the e-mail is the account's sign-in, not edited here). */
import { z } from "zod";
import type { Session } from "../../../common/schemas/auth.ts";
import { profileEditInput } from "../../../common/schemas/users.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useSchemaForm } from "../../lib/forms.ts";
import { useEditProfile } from "./api/profile.ts";

const t = ui.profile.edit;
const required = z.string().trim().min(1, t.required);

/** As typed; an empty phone is none. Then the server's own rules. */
const profileForm = z
  .object({ firstName: required, lastName: required, phone: z.string() })
  .transform(({ phone, ...names }) => ({ ...names, phone: phone.trim() || null }))
  .pipe(profileEditInput);

export function ProfileForm({ user }: { user: Session["user"] }) {
  const edit = useEditProfile();
  const { busy, id, field, alert, submit } = useSchemaForm(profileForm, {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    phone: user.phone ?? "",
  });

  const onSubmit = submit(
    async (body) => {
      await edit.mutateAsync(body);
      toast.success(t.saved);
    },
    {
      fallback: t.failed,
      focus: "firstName",
      onError: (message) => toast.error(t.failed, { description: message }),
    },
  );

  const row = (name: "firstName" | "lastName" | "phone", label: string, props: object = {}) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id(name)}>{label}</Label>
      <Input {...props} {...field(name)} />
    </div>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {row("firstName", t.firstName, { autoComplete: "given-name", required: true })}
        {row("lastName", t.lastName, { autoComplete: "family-name", required: true })}
      </div>
      {row("phone", t.phone, { type: "tel", autoComplete: "tel" })}
      <FormAlert {...alert} />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? t.saving : t.submit}
        </Button>
      </div>
    </form>
  );
}
