/** 'Brukeroversikt' under 768 px: the table's rows as cards, the actions full width. */
import type { UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { UserText } from "../../../components/user-text.tsx";
import {
  departmentsOf,
  EmailText,
  RoleBadge,
  RowActions,
  type RowHandlers,
  StatusBadge,
} from "./row-parts.tsx";

const t = ui.users.list;

export function UserCards({ users, ...handlers }: { users: UserRow[] } & RowHandlers) {
  return (
    <ul aria-label={t.title} className="flex flex-col gap-3">
      {users.map((user) => (
        <li key={user.userId} className="flex flex-col gap-3 rounded-lg border border-border bg-white p-4">
          <div className="flex items-start gap-3">
            <Avatar name={user.fullName} src={user.avatarUrl} />
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold text-ink">
                <UserText>{user.fullName}</UserText>
              </h3>
              <p className="text-sm text-muted-fg">
                <EmailText email={user.email} />
              </p>
              {user.phone && <p className="text-sm text-muted-fg tabular">{user.phone}</p>}
            </div>
            <StatusBadge active={user.active} />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-fg">
            <RoleBadge user={user} />
            {departmentsOf(user)}
          </div>
          <RowActions user={user} {...handlers} />
        </li>
      ))}
    </ul>
  );
}
