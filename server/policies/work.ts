/**
 * Working time and competence (issue 28). A department's working-time rules, its
 * competences and its staff's contracts are what its leaders set (admins everywhere):
 * they decide who may be given a shift, so nobody else changes them. Staff need none of
 * these lists: their shifts carry the names of what they require, and their own check
 * ('Kan jeg ta vakten?') is the shifts' policy.
 *
 * Another department's rules, competences and staff answer like missing ones (the first
 * step, `work.department`); the department's own staff are refused with 403, as for the
 * other screens of 'Administrasjon'.
 */
import { type Actor, activeIn, allow, isAdmin, leadsOrAdmins } from "./policy.ts";

/** The department is theirs: an active record there, or an admin's. */
const seesDept = (actor: Actor, deptId: string) => activeIn(actor, deptId) || isAdmin(actor);

// The step before each of the others: another department's answers 404, whoever asks.
allow("work.department", (actor, dept) => seesDept(actor, dept.id), { refusal: "hide" });
allow("competence.read", (actor, competence) => seesDept(actor, competence.deptId), { refusal: "hide" });

// 'Arbeidstidsregler': the limits of a local agreement and 'Deltid først'.
allow("workRules.read", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("workRules.edit", (actor, dept) => leadsOrAdmins(actor, dept.id));

// 'Kompetanse': the department's list with how many hold each, and its changes.
allow("competence.list", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("competence.create", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("competence.rename", (actor, competence) => leadsOrAdmins(actor, competence.deptId));
allow("competence.delete", (actor, competence) => leadsOrAdmins(actor, competence.deptId));

// A staff member's 'Stillingsprosent' and competences: the leaders of the department the
// record is in (a contract is per department), also for another leader's record there.
// Asked of the department before the record is read, so nobody else learns who has one.
allow("staffWork.read", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("staffWork.edit", (actor, dept) => leadsOrAdmins(actor, dept.id));
