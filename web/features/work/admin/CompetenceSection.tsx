/**
 * 'Kompetanse' on the admin page: the department's competences with how many hold each,
 * 'Ny kompetanse' as an inline form, renaming in place and deleting after a
 * confirmation. An empty name is caught before sending; what the server refuses (too
 * long, taken, the department full) stands under the field.
 */
import { Plus } from "lucide-react";
import { type ComponentProps, type ReactNode, useState } from "react";
import { workLimits } from "../../../../common/base/limits.ts";
import type { CompetenceDto } from "../../../../common/schemas/work.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";
import { AdminSection, SectionFailed, SectionLoading } from "../../../components/admin-section.tsx";
import { InlineNameForm } from "../../../components/inline-name-form.tsx";
import { RenameDeleteActions } from "../../../components/rename-delete-actions.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { errorText } from "../../../lib/api.ts";
import { useCreateCompetence, useDeleteCompetence, useRenameCompetence } from "../api/mutations.ts";
import { useCompetences } from "../api/queries.ts";

const t = ui.work.competences;

type NameFormProps = Omit<
  ComponentProps<typeof InlineNameForm>,
  "placeholder" | "hint" | "maxLength" | "cancelLabel" | "check"
>;

/** A competence's name: an empty one is refused before sending, the rest sent trimmed. */
function NameForm(props: NameFormProps) {
  return (
    <InlineNameForm
      {...props}
      placeholder={t.namePlaceholder}
      hint={t.nameHint}
      maxLength={workLimits.competenceNameMaxLength + 20}
      cancelLabel={t.cancel}
      check={(name) => (name.trim() === "" ? errorMessages.competence_name_required : null)}
      onSubmit={(name) => props.onSubmit(name.trim())}
    />
  );
}

function NewCompetenceForm({ deptId, onDone }: { deptId: string; onDone: () => void }) {
  const create = useCreateCompetence(deptId);
  return (
    <NameForm
      label={t.name}
      initial=""
      submitLabel={t.create}
      pendingLabel={t.creating}
      pending={create.isPending}
      serverError={create.isError ? errorText(create.error, t.createFailed) : null}
      onSubmit={(name) => create.mutate({ name }, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}

function CompetenceRow({ deptId, competence }: { deptId: string; competence: CompetenceDto }) {
  const [editing, setEditing] = useState(false);
  const rename = useRenameCompetence(deptId);
  const remove = useDeleteCompetence(deptId);
  if (editing)
    return (
      <li className="py-3">
        <NameForm
          label={t.renameLabel(competence.name)}
          initial={competence.name}
          submitLabel={t.save}
          pendingLabel={t.saving}
          pending={rename.isPending}
          serverError={rename.isError ? errorText(rename.error, t.renameFailed) : null}
          onSubmit={(name) =>
            rename.mutate({ competenceId: competence.id, name }, { onSuccess: () => setEditing(false) })
          }
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  return (
    <li className="flex min-h-12 items-center justify-between gap-3 py-2">
      <span className="flex min-w-0 flex-col">
        <span className="font-medium break-words text-ink">
          <UserText>{competence.name}</UserText>
        </span>
        <span className="text-sm text-muted-fg tabular">{t.holders(competence.holders)}</span>
      </span>
      <RenameDeleteActions
        name={competence.name}
        texts={t}
        deleting={remove.isPending}
        onRename={() => setEditing(true)}
        onDelete={() => remove.mutate(competence.id)}
      />
    </li>
  );
}

export function CompetenceSection({ deptId }: { deptId: string }) {
  const [adding, setAdding] = useState(false);
  const list = useCompetences(deptId);
  let content: ReactNode;
  if (list.isPending) content = <SectionLoading label={t.loading} rows={2} rowClass="h-10" />;
  else if (list.isError)
    content = (
      <SectionFailed
        title={t.failed}
        error={list.error}
        retry={() => void list.refetch()}
        retryLabel={t.retry}
      />
    );
  else if (list.data.competences.length === 0)
    content = adding ? null : <EmptyState title={t.empty}>{t.emptyBody}</EmptyState>;
  else
    content = (
      <ul className="divide-y divide-border">
        {list.data.competences.map((competence) => (
          <CompetenceRow key={competence.id} deptId={deptId} competence={competence} />
        ))}
      </ul>
    );
  return (
    <AdminSection
      title={t.title}
      intro={t.intro}
      action={
        !adding &&
        list.isSuccess && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t.new}
          </Button>
        )
      }
    >
      {adding && <NewCompetenceForm deptId={deptId} onDone={() => setAdding(false)} />}
      {content}
    </AdminSection>
  );
}
