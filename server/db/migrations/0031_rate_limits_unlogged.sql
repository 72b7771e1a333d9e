-- Rate-limit counters are written on every rate-limited request (a search as one types,
-- a sign-in). Unlogged, they write no WAL and a request does not wait for its flush.
-- What that costs: a crash of the database (or a promoted standby, which never had them)
-- empties them, and every window (a minute for searches, 15 for sign-ins) starts afresh.
ALTER TABLE "rate_limits" SET UNLOGGED;
