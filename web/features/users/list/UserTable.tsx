/**
 * 'Brukeroversikt' from 768 px: one line per person, in the server's order, the actions
 * behind '…'. Nothing wraps: a long e-mail address is cut with an ellipsis (whole in
 * its tooltip), never broken mid-word.
 */
import type { UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { departmentsOf, RoleBadge, type RowHandlers, RowMenu, StatusBadge } from "./row-parts.tsx";

const t = ui.users.list;
const td = "px-3 py-2 align-middle whitespace-nowrap";

export function UserTable({ users, ...handlers }: { users: UserRow[] } & RowHandlers) {
  return (
    <DataTable
      caption={t.title}
      columns={[
        t.columns.name,
        t.columns.email,
        t.columns.phone,
        t.columns.role,
        t.columns.depts,
        t.columns.status,
        t.columns.actions,
      ]}
    >
      {users.map((user) => (
        <tr key={user.userId}>
          <th scope="row" className={`${td} text-left font-medium text-ink`}>
            <span className="flex items-center gap-3">
              <Avatar name={user.fullName} src={user.avatarUrl} size="sm" />
              <span className="max-w-56 truncate">
                <UserText>{user.fullName}</UserText>
              </span>
            </span>
          </th>
          <td className={`${td} text-muted-fg`}>
            <span title={user.email} className="block max-w-64 truncate">
              {user.email}
            </span>
          </td>
          <td className={`${td} tabular whitespace-nowrap text-muted-fg`}>{user.phone ?? t.noPhone}</td>
          <td className={td}>
            <RoleBadge user={user} />
          </td>
          <td className={`${td} text-muted-fg`}>
            <span title={departmentsOf(user)} className="block max-w-48 truncate">
              {departmentsOf(user)}
            </span>
          </td>
          <td className={td}>
            <StatusBadge active={user.active} />
          </td>
          <td className={`${td} w-12 text-right`}>
            <RowMenu user={user} {...handlers} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
