/**
 * User administration, the profile page and avatars (spec §2 Admin users, Profile; §3
 * profiles, staff; §5 Add/create user, Avatar; §6; §8 Admin; decisions.md § Users,
 * § Accounts and sessions). One contract for the server's validation, OpenAPI and the
 * web app's parsing.
 *
 * A person's name lives in one place (first and last name; the full name is made from
 * them), their e-mail in their account. Rows carry `can`: what the caller may do with the
 * person, decided by the server's policies.
 */
import { z } from "zod";
import { hasControlCharacters } from "../base/characters.ts";
import { roles } from "../domain/roles.ts";
import { email } from "./auth.ts";

export const userLimits = {
  nameMaxLength: 60,
  phoneMaxLength: 30,
  departmentNameMaxLength: 60,
  /** spec §9: avatar 5 MB */
  avatarMaxBytes: 5 * 1024 * 1024,
  /** the stored avatar is a square of this many pixels */
  avatarSize: 256,
  auditPage: 50,
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControlCharacters(v), "Ugyldige tegn");
const name = text(userLimits.nameMaxLength);
/** Digits, spaces, +, -, ( and ); empty is none. */
const phone = text(userLimits.phoneMaxLength).refine((v) => /^[+\d\s()-]*$/.test(v), "Ugyldig telefonnummer");
const instant = z.iso.datetime({ offset: true });

export const userParams = z.object({ userId: z.uuid() });

export const membershipDto = z.object({
  deptId: z.uuid(),
  deptName: z.string(),
  role: z.enum(roles),
  isActive: z.boolean(),
});
export type MembershipDto = z.infer<typeof membershipDto>;

export const userAbilities = z.object({
  /** 'Rediger bruker' (admins) */
  edit: z.boolean(),
  /** deactivate / reactivate (admins; leaders for staff of their department) */
  deactivate: z.boolean(),
  /** 'Slett bruker' (admins, never themselves) */
  delete: z.boolean(),
  /** change another person's avatar (admins) */
  avatar: z.boolean(),
});

/** A row of 'Brukeroversikt'. */
export const userRow = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  memberships: z.array(membershipDto),
  /** active in at least one department */
  active: z.boolean(),
  createdAt: instant,
  can: userAbilities,
});
export type UserRow = z.infer<typeof userRow>;

/**
 * Admins see everyone (or one department with `deptId`); leaders the people of the
 * departments they lead. Sorted admin, leader, staff, then by name.
 */
export const userListQuery = z.object({
  deptId: z.uuid().optional(),
  search: text(100).optional(),
});
export const userList = z.object({ users: z.array(userRow) });

/** 'Legg til ny bruker': creates the person (or updates them, by e-mail) and their staff record. */
export const createUserInput = z.object({
  firstName: name.min(1),
  lastName: name.min(1),
  email,
  deptId: z.uuid(),
  phone: phone.optional(),
  role: z.enum(roles).default("staff"),
});
export type CreateUserInput = z.input<typeof createUserInput>;
export const createUserResponse = z.object({
  user: userRow,
  /** false when the e-mail already had an account (it was updated, not made) */
  created: z.boolean(),
});

/**
 * 'Personen finnes allerede' (admins): before 'Legg til ny bruker' updates the person who
 * has the address, what it would change. `record`: their staff record in the department
 * (none yet, another role, or deactivated); `confirmation`: an unconfirmed registration
 * becomes confirmed and loses the password it was made with.
 */
export const existingPersonChange = z.discriminatedUnion("field", [
  z.object({ field: z.literal("name"), from: z.string(), to: z.string() }),
  z.object({ field: z.literal("phone"), from: z.string().nullable(), to: z.string().nullable() }),
  z.object({
    field: z.literal("record"),
    deptName: z.string(),
    from: z.object({ role: z.enum(roles), isActive: z.boolean() }).nullable(),
    to: z.enum(roles),
  }),
  z.object({ field: z.literal("confirmation") }),
]);
export type ExistingPersonChange = z.infer<typeof existingPersonChange>;
export const createUserPreview = z.object({
  /** null: nobody has the address, the person will be made */
  existing: z.object({ fullName: z.string(), changes: z.array(existingPersonChange) }).nullable(),
});
export type CreateUserPreview = z.infer<typeof createUserPreview>;

/** 'Rediger bruker': names, phone, and each staff record's role and status. */
export const editUserInput = z.object({
  firstName: name.min(1),
  lastName: name.min(1),
  phone: phone.nullable(),
  memberships: z
    .array(z.object({ deptId: z.uuid(), role: z.enum(roles), isActive: z.boolean() }))
    .min(1)
    .max(20),
});
export type EditUserInput = z.infer<typeof editUserInput>;

/** Deactivate or reactivate in one department (a leader's) or everywhere (no deptId, admins). */
export const activationInput = z.object({ active: z.boolean(), deptId: z.uuid().optional() });

/** 'Min Profil': what a person changes of themselves. */
export const profileEditInput = z.object({
  firstName: name.min(1),
  lastName: name.min(1),
  phone: phone.nullable(),
});
export type ProfileEditInput = z.infer<typeof profileEditInput>;

/** After an avatar upload or removal: the new (versioned) address, or null. */
export const avatarResponse = z.object({ avatarUrl: z.string().nullable() });

/** 'Logg' on /admin/users: what admins did, newest first. */
export const auditQuery = z.object({
  before: z.uuid().optional(),
  action: text(60).optional(),
});
export const auditEntry = z.object({
  id: z.uuid(),
  at: instant,
  /** who did it; null when that account is gone ('Slettet bruker') */
  actor: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  action: z.string(),
  /** the row in Norwegian words, names resolved ('Lars Johansen godkjente vaktbytte …') */
  summary: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
  details: z.record(z.string(), z.json()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({
  entries: z.array(auditEntry),
  /** the id to page on with `before`, null at the end */
  next: z.uuid().nullable(),
  /** the actions there are, for the filter */
  actions: z.array(z.string()),
});

/** Departments: admins create and rename them. */
export const departmentInput = z.object({ name: text(userLimits.departmentNameMaxLength).min(1) });
export const departmentParams = z.object({ deptId: z.uuid() });

/** 'Demo-verktøy' (staging only). */
export const demoUserInput = z.object({
  firstName: name.min(1),
  lastName: name.min(1),
  email: email.optional(),
  deptName: text(userLimits.departmentNameMaxLength).min(1).default("Anestesi"),
  role: z.enum(roles).default("staff"),
});
export const signInLinkInput = z.object({ email });
export const signInLinkResponse = z.object({ url: z.string() });
