/**
 * The access log ('Tilgangslogg', issue 30; decisions.md § Access log): one row each time
 * an admin or leader opens, changes or signs in as another person. Written in the
 * action's own transaction where there is one, so the two stand or fall together; a
 * read writes it before answering, so nothing is shown unrecorded. One's own data is not
 * "another person's": acting on oneself writes nothing.
 */
import { sql } from "drizzle-orm";
import type { AccessAction } from "../../common/domain/access-log.ts";
import type { Db, Tx } from "../db/client.ts";
import { accessLog, user } from "../db/schema.ts";

export interface Access {
  actorId: string;
  subjectId: string;
  action: AccessAction;
}

/** Only about someone who exists: a person named in a filter, or deleted meanwhile, writes nothing. */
export async function recordAccess(db: Db | Tx, { actorId, subjectId, action }: Access): Promise<void> {
  if (actorId === subjectId) return;
  await db.execute(sql`insert into ${accessLog} (actor_id, subject_id, action)
    select ${actorId}::uuid, ${user.id}, ${action} from ${user} where ${user.id} = ${subjectId}`);
}
