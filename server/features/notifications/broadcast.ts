/**
 * 'Send varsel til alle' (spec §5, decisions.md § Broadcasts): one notification for every
 * active user except the sender, written and announced in one `notify` call, and one
 * audit row. The audit row says what kind of broadcast it was and how many it reached,
 * never its text: a title can name a patient or a colleague, and audit rows outlive that.
 */
import { and, eq, ne } from "drizzle-orm";
import { type BroadcastType, broadcastError } from "../../../common/domain/broadcast.ts";
import type { BroadcastRequest } from "../../../common/schemas/broadcast.ts";
import type { NotificationPayloadInput } from "../../../common/schemas/notifications.ts";
import { broadcasts, user } from "../../db/schema.ts";
import { recordAudit } from "../../platform/audit.ts";
import { unprocessable } from "../../platform/errors.ts";
import { type TxDeps, withTx } from "../../platform/tx.ts";
import type { Actor } from "../../policies/policy.ts";
import { notify } from "./service.ts";

/** The payload as stored: trimmed, and without an empty description or extra object. */
function payloadOf(input: BroadcastRequest): NotificationPayloadInput<BroadcastType> {
  const description = input.description?.trim();
  const extra = input.extra && Object.keys(input.extra).length > 0 ? input.extra : undefined;
  return {
    title: input.title,
    sentFrom: "admin_panel",
    ...(description ? { description } : {}),
    ...(extra ? { extra } : {}),
  };
}

/**
 * Sends the broadcast; returns how many people it reached. Its row names the sender's
 * current department (or the first they administer): that department's leaders see who
 * has read it.
 */
export function sendBroadcast(
  deps: TxDeps,
  sender: Pick<Actor, "userId" | "currentDeptId" | "memberships">,
  input: BroadcastRequest,
): Promise<number> {
  const rule = broadcastError(input);
  if (rule) throw unprocessable(rule);
  const senderId = sender.userId;
  const deptId =
    sender.currentDeptId ?? sender.memberships.find((m) => m.isActive && m.role === "admin")?.deptId ?? null;
  return withTx(deps, async (tx, events) => {
    const payload = payloadOf(input);
    // Accounts whose e-mail was never confirmed cannot sign in: they are nobody's colleague
    // yet. `notify` leaves out the deactivated.
    const everyone = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(ne(user.id, senderId), eq(user.emailVerified, true)));
    const [sent] = await tx
      .insert(broadcasts)
      .values({ senderId, deptId, type: input.type, title: payload.title.trim() })
      .returning({ id: broadcasts.id });
    const reached = await notify(
      tx,
      events,
      everyone.map((u) => u.id),
      input.type,
      payload,
      { broadcastId: sent!.id },
    );
    await recordAudit(
      tx,
      { userId: senderId },
      "notification.broadcast",
      { type: "broadcast", id: null },
      { type: input.type, count: reached.length },
    );
    return reached.length;
  });
}
