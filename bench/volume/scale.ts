/**
 * The benchmark's hospital: 40 departments of 50 people, 1,000,000 messages (a busy
 * department thread, eight channels, every person's direct threads with four colleagues,
 * a year of shift threads) and 1,000,000 assignments (25,000 past shifts per department
 * over three years), with reactions, read positions, interests, allocation runs, swap
 * history, notifications and an audit log in proportion. BENCH_VOLUME_FACTOR (1) scales
 * the history down for a quick try; the people and threads stay.
 */
import type { VolumeScale } from "../../server/test/volume-seed.ts";
import { num } from "../lib/infra.ts";

const factor = num("BENCH_VOLUME_FACTOR", 1);
const scaled = (n: number) => Math.max(1, Math.round(n * factor));

export const volumeScale: VolumeScale = {
  departments: 40,
  perDept: 50,
  channels: 8,
  channelMembers: 20,
  directPartners: 4,
  shiftThreadDays: 360,
  // Per department: 10,000 + 8 × 725 + 190 × 20 + 1,080 × 5 = 25,000 messages.
  messages: { department: scaled(10_000), channel: scaled(725), direct: 20, shift: 5 },
  pastShifts: scaled(25_000),
  future: { open: 60, drafts: 10, assigned: 30 },
  notificationsPerPerson: scaled(100),
  auditEntries: scaled(100_000),
};
