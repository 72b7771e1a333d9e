/** 'Brukeroversikt' from 768 px: one row per person, in the server's order. */
import type { UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { departmentsOf, RoleBadge, RowActions, type RowHandlers, StatusBadge } from "./row-parts.tsx";

const t = ui.users.list;
const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-fg uppercase";
const td = "px-3 py-3 align-middle";

export function UserTable({ users, ...handlers }: { users: UserRow[] } & RowHandlers) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-white">
      <table className="w-full text-sm">
        <caption className="sr-only">{t.title}</caption>
        <thead className="border-b border-border bg-muted/50">
          <tr>
            <th scope="col" className={th}>
              {t.columns.name}
            </th>
            <th scope="col" className={th}>
              {t.columns.email}
            </th>
            <th scope="col" className={th}>
              {t.columns.phone}
            </th>
            <th scope="col" className={th}>
              {t.columns.role}
            </th>
            <th scope="col" className={th}>
              {t.columns.depts}
            </th>
            <th scope="col" className={th}>
              {t.columns.status}
            </th>
            <th scope="col" className={th}>
              {t.columns.actions}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr key={user.userId}>
              <th scope="row" className={`${td} text-left font-medium text-ink`}>
                <span className="flex items-center gap-3">
                  <Avatar name={user.fullName} src={user.avatarUrl} size="sm" />
                  <UserText>{user.fullName}</UserText>
                </span>
              </th>
              <td className={`${td} break-all text-muted-fg`}>{user.email}</td>
              <td className={`${td} tabular whitespace-nowrap text-muted-fg`}>{user.phone ?? t.noPhone}</td>
              <td className={td}>
                <RoleBadge user={user} />
              </td>
              <td className={`${td} text-muted-fg`}>{departmentsOf(user)}</td>
              <td className={td}>
                <StatusBadge active={user.active} />
              </td>
              <td className={td}>
                <RowActions user={user} {...handlers} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
