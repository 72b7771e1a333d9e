/** 'Brukeroversikt' from 768 px: one row per person, in the server's order. */
import type { UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { departmentsOf, RoleBadge, RowActions, type RowHandlers, StatusBadge } from "./row-parts.tsx";

const t = ui.users.list;
const td = "px-3 py-3 align-middle";

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
    </DataTable>
  );
}
