/** Departments: choosing one, switching, reading its own data, its admin screens. */
import { activeIn, allow, isAdmin, leadsOrAdmins } from "./policy.ts";

// The names of the departments, for 'Velg din avdeling': anyone signed in.
allow("department.list", () => true);

// 'Velg din avdeling' (spec §2) is for a person with no staff record at all, once;
// everyone else, deactivated people included, is placed by an admin.
allow("department.join", (actor) => actor.memberships.length === 0);

// Working in a department needs an active record there.
allow("department.switch", (actor, dept) => activeIn(actor, dept.id));

// A department's own data (colleagues, its realtime topic): its active staff; admins everywhere.
allow("department.read", (actor, dept) => activeIn(actor, dept.id) || isAdmin(actor));

// The Administrasjon section: leaders of the department, admins.
allow("admin.view", (actor, dept) => leadsOrAdmins(actor, dept.id));

// Broadcasts reach everyone: admins only (spec §6).
allow("broadcast.send", (actor, dept) => !!dept.id && isAdmin(actor));
