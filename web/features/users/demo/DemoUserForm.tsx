/** 'Opprett Demo-bruker': a name, an optional e-mail, the department ('Anestesi' unless chosen), the role. */
import { z } from "zod";
import { roles } from "../../../../common/domain/roles.ts";
import { demoUserInput } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { useSchemaForm } from "../../../lib/forms.ts";
import { useCreateDemoUser } from "../api/mutations.ts";
import { useDepartments } from "../api/queries.ts";
import { Field, NameFields, roleOptions } from "../form/fields.tsx";

const t = ui.users;
const defaultDept = "Anestesi";
const required = z.string().trim().min(1, t.required);

const demoForm = z
  .object({
    firstName: required,
    lastName: required,
    email: z.string(),
    deptName: required,
    role: z.enum(roles),
  })
  .transform(
    ({ email, ...rest }): z.input<typeof demoUserInput> => ({ ...rest, email: email.trim() || undefined }),
  )
  .pipe(demoUserInput);

export function DemoUserForm() {
  const departments = useDepartments();
  const create = useCreateDemoUser();
  const { form, busy, id, field, alert, submit } = useSchemaForm(demoForm, {
    firstName: "",
    lastName: "",
    email: "",
    deptName: defaultDept,
    role: "staff",
  });
  const names = departments.data?.departments.map((d) => d.name) ?? [defaultDept];

  const onSubmit = submit(
    async (body) => {
      const made = await create.mutateAsync(body);
      toast.success(t.demo.created(made.fullName), { description: made.email });
      form.reset();
    },
    {
      fallback: t.demo.failed,
      focus: "firstName",
      onError: (message) =>
        toast.error(t.demo.failed, message === t.demo.failed ? undefined : { description: message }),
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <NameFields first={field("firstName")} last={field("lastName")} />
      <Field id={id("email")} label={t.demo.email}>
        <Input type="email" autoComplete="off" {...field("email")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("deptName")} label={t.demo.deptName}>
          <NativeSelect
            options={names.map((name) => ({ value: name, label: name }))}
            {...field("deptName")}
          />
        </Field>
        <Field id={id("role")} label={t.fields.role}>
          <NativeSelect options={roleOptions} {...field("role")} />
        </Field>
      </div>
      <FormAlert {...alert} />
      <Button type="submit" className="self-start" disabled={busy}>
        {busy ? t.demo.saving : t.demo.submit}
      </Button>
    </form>
  );
}
