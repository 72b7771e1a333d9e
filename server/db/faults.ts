/**
 * Which failures mean "the database cannot be reached or is going away" rather than a
 * bug: the request then answers 503 `database_unavailable` with Retry-After, and the pool
 * makes new connections once the server is back (no restart).
 */

/** SQLSTATE codes of a database that is stopping, refusing or too slow to answer. */
function isUnavailableState(code: string): boolean {
  return (
    code.startsWith("08") || // connection exception
    code === "57014" || // query_canceled: statement_timeout
    code === "57P01" || // admin_shutdown
    code === "57P02" || // crash_shutdown
    code === "57P03" || // cannot_connect_now (starting up, recovering)
    code === "53300" // too_many_connections
  );
}

/** Socket errors of a server that is not there or went away. */
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * What node-postgres and its pool say when a connection cannot be had or is lost; they
 * carry no code. (`query_timeout` and `connectionTimeoutMillis` of server/db/client.ts.)
 */
const driverMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

function isUnavailableAlone(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (
    typeof code === "string" &&
    (socketCodes.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))
  )
    return true;
  return driverMessages.some((m) => err.message.startsWith(m));
}

/** True for a database fault, also when wrapped (Drizzle's DrizzleQueryError keeps the driver's as `cause`). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isUnavailableAlone(e)) return true;
  }
  return false;
}
