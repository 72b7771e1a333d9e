/**
 * The department's duty roles on 'Vaktroller': 'Ny vaktrolle' as an inline form, and per
 * role renaming in place and deleting after a confirmation. The name rules are the
 * server's own (`domain/duty.ts`), checked before sending; what the server still refuses
 * (a name taken meanwhile) stands under the field.
 */
import { Plus } from "lucide-react";
import { type ComponentProps, useId, useState } from "react";
import { dutyLimits } from "../../../../common/base/limits.ts";
import { dutyRoleNameError } from "../../../../common/domain/duty.ts";
import type { DutyRoleDto } from "../../../../common/schemas/duty.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";
import { InlineNameForm } from "../../../components/inline-name-form.tsx";
import { RenameDeleteActions } from "../../../components/rename-delete-actions.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { errorText } from "../../../lib/api.ts";
import { useCreateRole, useDeleteRole, useRenameRole } from "../api/mutations.ts";

const t = ui.duty;

type NameFormProps = Omit<
  ComponentProps<typeof InlineNameForm>,
  "placeholder" | "hint" | "maxLength" | "cancelLabel" | "check"
> & { others: readonly string[] };

/** A role's name with its rule (`domain/duty.ts`) checked before sending. */
function NameForm({ others, ...props }: NameFormProps) {
  return (
    <InlineNameForm
      {...props}
      placeholder={t.roleNamePlaceholder}
      hint={t.roleNameHint}
      maxLength={dutyLimits.roleNameMaxLength + 20}
      cancelLabel={t.cancel}
      check={(name) => {
        const rule = dutyRoleNameError(name, others);
        return rule ? errorMessages[rule] : null;
      }}
    />
  );
}

export function NewRoleForm({
  deptId,
  roles,
  onDone,
}: {
  deptId: string;
  roles: readonly DutyRoleDto[];
  onDone: () => void;
}) {
  const create = useCreateRole(deptId);
  return (
    <NameForm
      label={t.roleName}
      initial=""
      others={roles.map((r) => r.name)}
      submitLabel={t.create}
      pendingLabel={t.creating}
      pending={create.isPending}
      serverError={create.isError ? errorText(create.error, t.createFailed) : null}
      onSubmit={(name) => create.mutate({ name }, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}

function RoleRow({
  deptId,
  role,
  roles,
}: {
  deptId: string;
  role: DutyRoleDto;
  roles: readonly DutyRoleDto[];
}) {
  const [editing, setEditing] = useState(false);
  const rename = useRenameRole(deptId);
  const remove = useDeleteRole(deptId);
  if (editing)
    return (
      <li className="py-3">
        <NameForm
          label={t.renameLabel(role.name)}
          initial={role.name}
          others={roles.filter((r) => r.id !== role.id).map((r) => r.name)}
          submitLabel={t.save}
          pendingLabel={t.saving}
          pending={rename.isPending}
          serverError={rename.isError ? errorText(rename.error, t.renameFailed) : null}
          onSubmit={(name) =>
            rename.mutate({ roleId: role.id, name }, { onSuccess: () => setEditing(false) })
          }
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  return (
    <li className="flex min-h-12 items-center justify-between gap-3 py-2">
      <span className="min-w-0 font-medium break-words text-ink">
        <UserText>{role.name}</UserText>
      </span>
      <RenameDeleteActions
        name={role.name}
        texts={t}
        deleting={remove.isPending}
        onRename={() => setEditing(true)}
        onDelete={() => remove.mutate(role.id)}
      />
    </li>
  );
}

/** 'Roller': the list with its 'Ny vaktrolle'. */
export function RoleList({ deptId, roles }: { deptId: string; roles: readonly DutyRoleDto[] }) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {t.rolesTitle}
        </h2>
        {!adding && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t.newRole}
          </Button>
        )}
      </div>
      {adding && <NewRoleForm deptId={deptId} roles={roles} onDone={() => setAdding(false)} />}
      {roles.length > 0 && (
        <ul className="divide-y divide-border">
          {roles.map((role) => (
            <RoleRow key={role.id} deptId={deptId} role={role} roles={roles} />
          ))}
        </ul>
      )}
    </section>
  );
}
