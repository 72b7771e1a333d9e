-- Rate-limit counters are written on every rate-limited request (a search as one types,
-- a sign-in), and are worth nothing after a crash: a window is a minute. Unlogged, they
-- write no WAL and a request does not wait for its flush. A crash (or a promoted
-- standby, which never had them) starts every window afresh.
ALTER TABLE "rate_limits" SET UNLOGGED;
