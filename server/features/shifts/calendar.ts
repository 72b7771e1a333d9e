/**
 * My shifts in my own calendar app: a secret address that serves my assigned shifts (the
 * upcoming ones and the last 60 days) as iCalendar. Calendar apps fetch it without a
 * session, so the address itself is the key: renewing it makes a new one and the old
 * one stops working; revoking removes it.
 *
 * The table keeps a hash of the token, never the token: the address is found by hashing
 * what the request brings. The token itself is an HMAC of a random nonce under a key
 * derived from the server's secret, so the server can show me my address again
 * ('Kalenderlenke') while a copy of the database alone opens no calendar.
 */
import { createHash, createHmac, randomUUID } from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import ical from "ical-generator";
import type { Db } from "../../db/client.ts";
import { calendarFeeds, shiftAssignments, shifts } from "../../db/schema.ts";
import { notDeactivated } from "../../platform/actor.ts";
import type { Clock } from "../../platform/clock.ts";
import { notFound } from "../../platform/errors.ts";
import { hashedKey } from "../../platform/rate-limit.ts";

export interface CalendarDeps {
  db: Db;
  clock: Clock;
  /** the app's public origin, which links are built on */
  publicUrl: string;
  /** a key derived from the server's secret */
  secret: string;
  /** the calendar's name in the calendar app */
  appName: string;
}

/** How far back the feed reaches. */
const pastDays = 60;

/** The feed's own key, apart from every other use of the secret. */
const calendarKey = (secret: string) => hashedKey(secret, "calendar feeds");

const tokenOf = (deps: CalendarDeps, userId: string, nonce: string) =>
  createHmac("sha256", calendarKey(deps.secret)).update(`${userId}:${nonce}`).digest("base64url");

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const urlOf = (deps: CalendarDeps, token: string) => `${deps.publicUrl}/cal/${token}`;

/** My address, or null before I subscribe. */
export async function feedUrl(deps: CalendarDeps, userId: string): Promise<string | null> {
  const [feed] = await deps.db
    .select({ nonce: calendarFeeds.nonce })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return feed ? urlOf(deps, tokenOf(deps, userId, feed.nonce)) : null;
}

/** A new address for me; the old one, if any, stops working. */
export async function renewFeed(deps: CalendarDeps, userId: string): Promise<string> {
  const nonce = randomUUID();
  const token = tokenOf(deps, userId, nonce);
  const values = { tokenHash: hashOf(token), nonce, createdAt: deps.clock.now() };
  await deps.db
    .insert(calendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values });
  return urlOf(deps, token);
}

export async function revokeFeed(deps: CalendarDeps, userId: string): Promise<void> {
  await deps.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * The calendar behind a token: the holder's assigned shifts, as iCalendar text. An
 * unknown or revoked token, or a deactivated holder, finds nothing (404).
 */
export async function calendarOf(deps: CalendarDeps, token: string): Promise<string> {
  const [feed] = await deps.db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, hashOf(token)), notDeactivated(deps.db, calendarFeeds.userId)));
  if (!feed) throw notFound("calendar_not_found");
  const now = deps.clock.now();
  const mine = await deps.db
    .select({
      id: shifts.id,
      title: shifts.title,
      location: shifts.location,
      description: shifts.description,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
      updatedAt: shifts.updatedAt,
    })
    .from(shiftAssignments)
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .where(
      and(
        eq(shiftAssignments.userId, feed.userId),
        gte(shifts.startsAt, new Date(now.getTime() - pastDays * 86_400_000)),
      ),
    )
    .orderBy(asc(shifts.startsAt), asc(shifts.id));
  const calendar = ical({ name: `${deps.appName}: mine vakter`, prodId: `//${deps.appName}//Vakter//NB` });
  for (const s of mine) {
    calendar.createEvent({
      id: s.id,
      start: s.startsAt,
      end: s.endsAt,
      stamp: now,
      lastModified: s.updatedAt,
      summary: s.title,
      location: s.location,
      description: s.description,
      url: `${deps.publicUrl}/shifts/assigned`,
    });
  }
  return calendar.toString();
}
