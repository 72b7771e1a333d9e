/**
 * The access log ('Tilgangslogg', issue 30). Everyone reads the rows about themselves on
 * 'Min Profil', and nobody else's there; the whole log is an admin screen, refused with
 * 403 like 'Logg' (everyone knows it exists), also to leaders, whose own looks are in it.
 */
import { allow, isAdmin } from "./policy.ts";

allow("accessLog.own", (actor, target) => target.id === actor.userId);
allow("accessLog.list", (actor) => isAdmin(actor));
