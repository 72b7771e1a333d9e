/**
 * Retention ('Oppbevaring', issue 30). How long a department keeps its messages and
 * files is the installation's admins' to read and set: a deletion nobody can undo is
 * not a leader's call. Everyone else is refused with 403, as on the other admin screens;
 * a department that does not exist answers 404 before the policy is asked.
 * `retention.purge` is the daily job's line in the audit log: nobody asks for it.
 */
import { allow, isAdmin } from "./policy.ts";

allow("retention.read", (actor, dept) => !!dept.id && isAdmin(actor));
allow("retention.edit", (actor, dept) => !!dept.id && isAdmin(actor));
