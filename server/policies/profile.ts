/**
 * Avatars, 'Min Profil' and the demo tools' accounts (decisions.md § Users, § Demo
 * features). A person changes their own avatar, name and phone and downloads their own
 * data; admins change anyone's avatar; everyone signed in sees avatars.
 */
import { allow, isAdmin } from "./policy.ts";

allow("user.avatar", (actor, target) => target.id === actor.userId || (!!target.id && isAdmin(actor)));
allow("avatar.read", () => true);
allow("profile.edit", (actor, target) => target.id === actor.userId);
allow("profile.export", (actor, target) => target.id === actor.userId);
// 'Demo-verktøy': admins, and only where the demo tools exist.
allow("user.createDemo", (actor, _app, env) => env.demoTools && isAdmin(actor));
