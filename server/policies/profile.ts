/**
 * Avatars, 'Min Profil' and the demo tools' accounts (decisions.md § Users, § Demo
 * features). A person changes their own avatar, name and phone and downloads their own
 * data; admins change anyone's avatar. A face is personal data: it is shown to its
 * owner, to people with an active record in a department where the owner has a record
 * (a deactivated colleague's old messages still show theirs), and to admins (the user
 * list); to anyone else it is not there (404).
 */
import { activeIn, allow, isAdmin } from "./policy.ts";

allow("user.avatar", (actor, target) => target.id === actor.userId || (!!target.id && isAdmin(actor)));
allow(
  "avatar.read",
  (actor, owner) =>
    owner.id === actor.userId || isAdmin(actor) || owner.memberships.some((m) => activeIn(actor, m.deptId)),
  { refusal: "hide" },
);
allow("profile.edit", (actor, target) => target.id === actor.userId);
allow("profile.export", (actor, target) => target.id === actor.userId);
// 'Stille når jeg ikke er på vakt': my own setting and whether I am on shift, nobody else's.
allow("profile.alerts", (actor, target) => target.id === actor.userId);
// 'Demo-verktøy': admins, and only where the demo tools exist.
allow("user.createDemo", (actor, _app, env) => env.demoTools && isAdmin(actor));
