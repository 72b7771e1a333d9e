/**
 * An audit row in Norwegian words for 'Logg'. The names come with the row (resolved in
 * the page's one query, audit.ts); a person or department that is gone has no name and
 * reads as 'en slettet bruker', an actor that is gone as 'Slettet bruker'. Names lose
 * their bidirectional controls, as every name put into a sentence does.
 */
import { withoutBidiControls } from "../../../common/domain/bidi.ts";
import { ui } from "../../../common/texts/index.ts";

const t = ui.users.log;
const s = t.summary;

/** The names one row points to, null where the thing is gone (or was never there). */
export interface AuditNames {
  actor: string | null;
  /** the target's name: a person or a department */
  target: string | null;
  /** the department in the details (`deptId`, or a single `deptIds`) */
  dept: string | null;
  /** the person the details name (`winnerId`) */
  person: string | null;
  /** a swap deal's two sides */
  dealFrom: string | null;
  dealTo: string | null;
}

export interface AuditRowForSummary {
  action: string;
  targetType: string;
  details: unknown;
}

type Details = Record<string, unknown>;
const list = (v: unknown) => (Array.isArray(v) ? v : []);
const count = (v: unknown) => (typeof v === "number" ? v : 0);

function activation(actor: string, target: string, d: Details) {
  const on = d.active === true || (list(d.activated).length > 0 && list(d.deactivated).length === 0);
  const off = d.active === false || (list(d.deactivated).length > 0 && list(d.activated).length === 0);
  if (on) return s.userActivate(actor, target);
  if (off) return s.userDeactivate(actor, target);
  return s.userActivation(actor, target);
}

export function auditSummary(row: AuditRowForSummary, given: AuditNames): string {
  const names = Object.fromEntries(
    Object.entries(given).map(([key, name]) => [key, name === null ? null : withoutBidiControls(name)]),
  ) as unknown as AuditNames;
  const d = (row.details && typeof row.details === "object" ? row.details : {}) as Details;
  const actor = names.actor ?? t.deletedUser;
  const person = names.target ?? s.aDeletedPerson;
  const inDept = names.dept ? s.inDept(names.dept) : "";
  const party = (name: string | null) => name ?? s.aDeletedPerson;
  switch (row.action) {
    case "user.create":
      return s.userCreate(actor, person) + inDept;
    case "user.edit":
      return list(d.roleChanged).length > 0 ? s.userRole(actor, person) : s.userEdit(actor, person);
    case "user.deactivate":
      return activation(actor, person, d) + inDept;
    case "user.delete":
      return s.userDelete(actor);
    case "user.avatar":
      return s.userAvatar(actor, person);
    case "department.create":
      return s.departmentCreate(actor, names.target ?? s.aDeletedDepartment);
    case "department.rename":
      return s.departmentRename(actor, names.target ?? s.aDeletedDepartment);
    case "swapDeal.approve":
      return (
        (d.approved === false ? s.swapReject : s.swapApprove)(
          actor,
          party(names.dealFrom),
          party(names.dealTo),
        ) + inDept
      );
    case "shift.assign":
      return s.shiftAssign(actor, party(names.person)) + inDept;
    case "retention.edit":
      return s.retentionEdit(actor, names.target ?? s.aDeletedDepartment);
    case "retention.purge":
      return s.retentionPurge(count(d.messages), count(d.attachments), names.target ?? s.aDeletedDepartment);
    case "notification.broadcast":
      return s.broadcast(actor, count(d.count));
    default:
      return s.other(actor, t.actions[row.action] ?? row.action);
  }
}
