/**
 * The log's error serializer keeps what tells a fault apart (type, SQL with
 * placeholders, codes, stack) and drops every value a statement carried.
 */
import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { safeError } from "./logging.ts";

/** A PostgreSQL error as node-postgres makes it from the server's answer. */
function serverError(message: string, fields: Partial<pg.DatabaseError>) {
  return Object.assign(new pg.DatabaseError(message, 100, "error"), fields);
}

describe("the error serializer", () => {
  it("drops a failed query's parameters and the row PostgreSQL quotes, keeping the SQL and the codes", () => {
    const text = "Pasienten på stue 4 har feber";
    const cause = serverError('new row for relation "chat_messages" violates check constraint "x"', {
      code: "23514",
      detail: `Failing row contains (1, ${text}).`,
      constraint: "x",
    });
    const err = new DrizzleQueryError("insert into chat_messages (content) values ($1)", [text], cause);
    const logged = JSON.stringify(safeError(err));
    expect(logged).not.toContain(text);
    expect(logged).toContain("insert into chat_messages (content) values ($1)");
    expect(logged).toContain("23514");
    expect(logged).toContain('violates check constraint \\"x\\"');
    expect(logged).toContain("DrizzleQueryError");
  });

  it("cuts the value a data exception quotes", () => {
    const err = serverError('invalid input syntax for type uuid: "kari@demo.no"', { code: "22P02" });
    const logged = JSON.stringify(safeError(err));
    expect(logged).not.toContain("kari@demo.no");
    expect(logged).toContain("invalid input syntax for type uuid");
  });
});
