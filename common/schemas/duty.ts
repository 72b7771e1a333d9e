/**
 * The duty roles' API ('Vaktroller', issue 26): a department's roles with who holds each
 * in the block under way, the leaders' grid of blocks × roles for today and the next 14
 * days, and the writes (create, rename, delete, set or clear a holder, take, hand over).
 *
 * Request schemas bound only what arrives; the name rules people meet while typing
 * (empty, too long, taken) are `domain/duty.ts`, answered with 422 or 409.
 */
import { z } from "zod";
import { hasControlCharacters } from "../base/characters.ts";
import { shiftBlockKinds } from "./chat.ts";

const instant = z.iso.datetime({ offset: true });
/** What is read at all; the rule's limit (40) is far below and answers 422. */
const nameInputMax = 500;

export const dutyDeptParams = z.object({ deptId: z.uuid() });
export const dutyRoleParams = z.object({ deptId: z.uuid(), roleId: z.uuid() });

/** 'Ny vaktrolle' and renaming one. */
export const dutyRoleInput = z.object({
  name: z
    .string()
    .max(nameInputMax)
    .refine((v) => !hasControlCharacters(v), "Ugyldige tegn"),
});
export type DutyRoleInput = z.infer<typeof dutyRoleInput>;

/** A leader sets (or with `userId: null` clears) the holder of one block of the grid. */
export const dutyHolderInput = z.object({
  /** the block's first instant, as the grid gives it */
  blockStart: instant,
  userId: z.uuid().nullable(),
});
export type DutyHolderInput = z.infer<typeof dutyHolderInput>;

/** 'Overlever til …': the colleague who holds the role for the rest of the block. */
export const dutyHandOverInput = z.object({ userId: z.uuid() });
export type DutyHandOverInput = z.infer<typeof dutyHandOverInput>;

export const dutyPerson = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type DutyPerson = z.infer<typeof dutyPerson>;

export const dutyBlock = z.object({
  kind: z.enum(shiftBlockKinds),
  /** 'Dagvakt', 'Kveldsvakt', 'Nattevakt' */
  name: z.string(),
  /** '07:00–15:00' */
  range: z.string(),
  start: instant,
  end: instant,
});
export type DutyBlock = z.infer<typeof dutyBlock>;

export const dutyRoleDto = z.object({ id: z.uuid(), name: z.string() });
export type DutyRoleDto = z.infer<typeof dutyRoleDto>;

/** A role in the block under way: who holds it, and what the caller may do with it. */
export const dutyRoleNow = dutyRoleDto.extend({
  holder: dutyPerson.nullable(),
  abilities: z.object({
    /** 'Ta rollen': nobody holds it and the caller is on the block */
    take: z.boolean(),
    /** 'Overlever til …': the caller holds it (or leads the department) */
    handOver: z.boolean(),
    /** rename, delete, set holders: the department's leaders and admins */
    manage: z.boolean(),
  }),
});
export type DutyRoleNow = z.infer<typeof dutyRoleNow>;

/** Who holds each role now ('Pågående vakt', the 'Informasjon' rail). */
export const dutyNowDto = z.object({
  deptId: z.uuid(),
  block: dutyBlock,
  /** by name */
  roles: z.array(dutyRoleNow),
  /** may open 'Vaktroller' (create roles, set holders) */
  canManage: z.boolean(),
});
export type DutyNowDto = z.infer<typeof dutyNowDto>;

export const dutyGridBlock = dutyBlock.extend({
  /** the duty day (the date its Dagvakt starts on), `YYYY-MM-DD` */
  date: z.string(),
  /** over: its holder can no longer be changed */
  past: z.boolean(),
});
export type DutyGridBlock = z.infer<typeof dutyGridBlock>;

export const dutyGridHolding = z.object({
  roleId: z.uuid(),
  blockStart: instant,
  holder: dutyPerson,
});
export type DutyGridHolding = z.infer<typeof dutyGridHolding>;

/** 'Vaktroller': the blocks of today and the next 14 days × the department's roles. */
export const dutyGridDto = z.object({
  deptId: z.uuid(),
  /** the server's time when it answered */
  now: instant,
  blocks: z.array(dutyGridBlock),
  roles: z.array(dutyRoleDto),
  holdings: z.array(dutyGridHolding),
  /** the department's active staff, by name: whom a holder may be */
  staff: z.array(dutyPerson),
});
export type DutyGridDto = z.infer<typeof dutyGridDto>;
