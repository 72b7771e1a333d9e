/**
 * The baseline of the allocation benchmark: the least a server must do for the same
 * requests, on the same tables (same indexes, same foreign keys), with `pg` and no app
 * logic: no sign-in, no policies, no validation of answers.
 *  - `GET /departments/:id/open-shifts`: the open list's essential query, the
 *    department's open extra shifts by start with their interest counts, as JSON.
 *  - `POST /shifts/:id/assign` with `{ actorId }`: one assignment done the simplest way,
 *    in one transaction: lock the shift row, count the 90-day extra-shift assignments of
 *    the interested active members in one grouped query and take the lowest (random
 *    among equals), insert the assignment and the run, mark the shift assigned; 200
 *    `{ winnerId }`. Not done, unlike the app: the rest-time rule, the audit of every
 *    candidate (the run names the winner alone), notifications, the audit log, realtime
 *    events.
 * Run as a child process by the benchmark (env PORT, DATABASE_URL).
 */
import http from "node:http";
import pg from "pg";
import { defaultMinRestHours, fairnessWindowDays } from "../../common/domain/fairness.ts";

// The app's pool size and JIT setting (server/db/client.ts), so neither side has more.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: "-c jit=off" });

const openShifts = `
  select s.id, s.title, s.location, s.starts_at, s.ends_at,
         (select count(*)::int from shift_interests i where i.shift_id = s.id) as interest_count
  from shifts s
  where s.dept_id = $1 and s.kind = 'extra' and s.status = 'open'
  order by s.starts_at, s.id`;

const lowestCount = `
  select i.user_id, count(x.id) as n
  from shift_interests i
  join staff m on m.user_id = i.user_id and m.dept_id = $2 and m.is_active
  left join shift_assignments a
    on a.user_id = i.user_id and a.assigned_at > now() - make_interval(days => ${fairnessWindowDays})
  left join shifts x on x.id = a.shift_id and x.kind = 'extra'
  where i.shift_id = $1
  group by i.user_id
  order by n, random()
  limit 1`;

/** The winner's id, or the reason there is none (409). */
async function assign(
  shiftId: string,
  actorId: string,
): Promise<{ winnerId: string } | { conflict: string }> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const { rows } = await client.query<{ dept_id: string; status: string }>(
      "select dept_id, status from shifts where id = $1 for update",
      [shiftId],
    );
    const shift = rows[0];
    if (shift?.status !== "open") {
      await client.query("rollback");
      return { conflict: `shift ${shift?.status ?? "missing"}` };
    }
    const winner = (await client.query<{ user_id: string }>(lowestCount, [shiftId, shift.dept_id])).rows[0];
    if (!winner) {
      await client.query("rollback");
      return { conflict: "no candidates" };
    }
    const winnerId = winner.user_id;
    await client.query("insert into shift_assignments (shift_id, user_id, method) values ($1, $2, 'auto')", [
      shiftId,
      winnerId,
    ]);
    await client.query(
      // The winner as its only candidate: the baseline keeps no audit of the others.
      `insert into shift_allocation_runs (shift_id, winner_user_id, snapshot, min_rest_hours, created_by,
         candidate_ids, candidate_fairness, candidate_tie_breaks, candidate_ranks, candidate_ineligible)
       values ($1, $2, $3, $4, $5, array[$2::uuid], '{0}', array[gen_random_uuid()], '{1}', '{NULL}')`,
      [shiftId, winnerId, { minScore: 0, ties: [winnerId], others: [] }, defaultMinRestHours, actorId],
    );
    await client.query("update shifts set status = 'assigned' where id = $1", [shiftId]);
    await client.query("commit");
    return { winnerId };
  } catch (err) {
    await client.query("rollback");
    throw err;
  } finally {
    client.release();
  }
}

async function readJson(req: http.IncomingMessage): Promise<{ actorId: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString());
}

/** With its length, as the app answers (and the lean client reads answers by it). */
function json(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res
    .writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) })
    .end(text);
}

const server = http.createServer(async (req, res) => {
  try {
    const url = req.url ?? "";
    if (req.method === "GET" && url === "/health") return res.end("ok");
    const deptId = /^\/departments\/([0-9a-f-]{36})\/open-shifts$/.exec(url)?.[1];
    if (req.method === "GET" && deptId) {
      const { rows } = await pool.query(openShifts, [deptId]);
      return json(res, 200, { shifts: rows });
    }
    const shiftId = /^\/shifts\/([0-9a-f-]{36})\/assign$/.exec(url)?.[1];
    if (req.method === "POST" && shiftId) {
      const result = await assign(shiftId, (await readJson(req)).actorId);
      return json(res, "conflict" in result ? 409 : 200, result);
    }
    res.writeHead(404).end();
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});

server.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
