import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { entry, usersServer } from "../users-api.test-support.ts";

describe("'Logg'", { timeout: 20_000 }, () => {
  it("lists entries newest first in Norwegian words, a page at a time", async () => {
    const audit = [
      entry("user.create", 1, "Eva Lund"),
      entry("user.deactivate", 2),
      entry("user.delete", 3, null),
      entry("something.new", 4),
    ];
    const api = usersServer({ audit, auditPage: 3 });
    renderApp("/admin/users?tab=log");
    const table = await screen.findByRole("table", { name: "Administrasjonslogg" });
    // The table's scrolling frame is a named region a keyboard can reach (axe: scrollable-region-focusable).
    expect(screen.getByRole("region", { name: "Administrasjonslogg" })).toHaveAttribute("tabindex", "0");
    const rows = () => within(table).getAllByRole("row").slice(1);
    expect(rows()).toHaveLength(3);
    // Each row reads as the server words it, with the time; no codes or ids.
    expect(rows()[0]).toHaveTextContent(audit[0]!.summary);
    expect(rows()[2]).toHaveTextContent(audit[2]!.summary);
    expect(table).not.toHaveTextContent(audit[2]!.target.id!);

    await userEvent.click(screen.getByRole("button", { name: "Vis flere" }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[3]).toHaveTextContent(audit[3]!.summary);
    expect(api.callsTo("GET", "/api/admin/audit").at(-1)?.url.searchParams.get("before")).toBe(audit[2]!.id);
    expect(screen.queryByRole("button", { name: "Vis flere" })).not.toBeInTheDocument();
  });

  it("filters by action", async () => {
    const api = usersServer({
      audit: [entry("user.create", 1), entry("user.delete", 2), entry("user.create", 3)],
    });
    renderApp("/admin/users?tab=log");
    const table = await screen.findByRole("table", { name: "Administrasjonslogg" });
    await userEvent.selectOptions(screen.getByLabelText("Handling"), "Slettet bruker");
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    expect(api.callsTo("GET", "/api/admin/audit").at(-1)?.url.searchParams.get("action")).toBe("user.delete");
  });
});
