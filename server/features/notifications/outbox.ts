/**
 * Notifications to many people, written right after the commit of what they announce
 * (decisions.md § Counting and writing less per request). An assignment tells up to 500
 * candidates that the shift went to someone else, and a published shift its whole
 * department: writing those rows inside the transaction held the shift's lock and the
 * leader's answer for as long again as the assignment itself (bench/allocation).
 *
 * `notifyAfterCommit` writes one outbox row in the caller's transaction (so the notices
 * are as durable as what they announce, and never sent for a rollback) and a bus event
 * that is published after the commit. Each instance listens for it and delivers at
 * once, in a transaction of its own; a job delivers what an instance that stopped in
 * between left behind. A delivery claims its row (`FOR UPDATE SKIP LOCKED`) and deletes
 * it in the same transaction that writes the notifications: each is written once, by
 * whichever instance claims it, and the bell hears of it as from `notify`.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type NotificationPayloadInput,
  type NotificationType,
  notificationPayloads,
} from "../../../common/schemas/notifications.ts";
import type { Tx } from "../../db/client.ts";
import { uuidArray } from "../../db/id-list.ts";
import { notificationOutbox } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import type { Job } from "../../platform/jobs.ts";
import { type TxDeps, type TxEvents, withTx } from "../../platform/tx.ts";
import { writeNotifications } from "./service.ts";

/** A bus topic of the server's own: clients cannot name it (realtime.ts `parseTopic`). */
const queuedTopic = "outbox:notifications";

/** Notices of one type to some people, to be written right after a commit. */
export interface QueuedNotice<T extends NotificationType = NotificationType> {
  recipients: readonly string[];
  type: T;
  payload: NotificationPayloadInput<T>;
}

/**
 * Notices queued as part of the caller's own statement: the outbox rows' insert as SQL
 * (a CTE's body; written only when `onlyIf` holds), and what to do once that statement
 * has committed. Null when nobody is to be told. Payloads are checked now; deactivated
 * people and ids of nobody are left out when the notices are written.
 */
export function queueNotices(
  notices: readonly QueuedNotice[],
  onlyIf: SQL = sql`true`,
): { insert: SQL; committed: (events: TxEvents) => void } | null {
  // The people as one parameter per row (`uuidArray`): a value per person cost Drizzle's
  // mapping a millisecond for an assignment's 500.
  const rows = notices
    .map((n) => ({ ...n, valid: notificationPayloads[n.type].parse(n.payload) }))
    .filter((n) => n.recipients.length > 0)
    .map(
      (n) => sql`(${n.type}, ${JSON.stringify(n.valid)}::jsonb, ${uuidArray([...new Set(n.recipients)])})`,
    );
  if (rows.length === 0) return null;
  return {
    insert: sql`insert into ${notificationOutbox} (type, payload, recipients)
      select type, payload, recipients from (values ${sql.join(rows, sql`, `)}) as queued (type, payload, recipients)
      where ${onlyIf}`,
    committed: (events) => events.publish(queuedTopic, "notifications.queued"),
  };
}

/**
 * Tells `recipients` after the caller's transaction commits; `notify`'s rules otherwise
 * (the payload checked now, deactivated people and ids of nobody left out when written).
 */
export async function notifyAfterCommit<T extends NotificationType>(
  tx: Tx,
  events: TxEvents,
  recipients: readonly string[],
  type: T,
  payload: NotificationPayloadInput<T>,
): Promise<void> {
  const queued = queueNotices([{ recipients, type, payload }]);
  if (!queued) return;
  await tx.execute(queued.insert);
  queued.committed(events);
}

/** Delivers queued notifications, one outbox row per transaction, until none is left. */
export async function deliverQueued(deps: TxDeps): Promise<number> {
  let delivered = 0;
  for (;;) {
    const done = await withTx(deps, async (tx, events) => {
      const result = (await tx.execute(sql`
        delete from ${notificationOutbox} where id = (
          select id from ${notificationOutbox} order by created_at limit 1 for update skip locked)
        returning type, payload, recipients`)) as unknown as {
        rows: { type: NotificationType; payload: unknown; recipients: string[] }[];
      };
      const [queued] = result.rows;
      if (!queued) return false;
      await writeNotifications(tx, events, queued.recipients, queued.type, queued.payload);
      return true;
    });
    if (!done) return delivered;
    delivered += 1;
  }
}

/** Delivers as soon as something is queued, after the answer of the request that queued it. */
export function deliverWhenQueued(ctx: AppContext): void {
  ctx.bus.subscribe(queuedTopic, () => ctx.background.run("notification delivery", () => deliverQueued(ctx)));
}

/**
 * What an instance that stopped between a commit and its delivery left behind. Inside
 * the tick's transaction each delivery is a savepoint, its events published after the
 * tick commits.
 */
export function leftBehindJob(ctx: AppContext): Job {
  return {
    name: "notifications.outbox",
    everyMs: 30_000,
    run: ({ tx }) => deliverQueued({ db: tx, bus: ctx.bus }),
  };
}
