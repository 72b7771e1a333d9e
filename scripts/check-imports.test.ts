import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { findCycles, findViolations, violation } from "./check-imports.mjs";

const p = (file: string) => file.split("/");

describe("import boundaries", () => {
  it.each([
    ["common/domain/x.ts", "server/db/schema.ts"],
    ["server/app.ts", "web/lib/api.ts"],
    ["web/lib/api.ts", "server/config.ts"],
    ["server/features/chat/service.ts", "server/features/shifts/service.ts"],
    ["server/platform/realtime.ts", "server/features/auth/profiles.ts"],
    ["server/db/seed/demo.ts", "server/features/auth/profiles.ts"],
    ["web/features/chat/api/messages.ts", "web/features/shifts/api/shifts.ts"],
    ["web/components/ui/button.tsx", "web/features/auth/LoginPage.tsx"],
    ["web/lib/session.tsx", "web/app/routes.tsx"],
    ["web/app/shell/TopBar.tsx", "web/features/notifications/Bell.tsx"],
    ["web/features/chat/unread/badges.test.tsx", "web/app/nav.ts"],
    ["web/features/users/UsersPage.tsx", "web/features/users/users-api.test-support.ts"],
  ])("refuses %s → %s", (from, to) => {
    expect(violation(p(from), p(to))).toBeTruthy();
  });

  it.each([
    ["server/features/chat/routes.ts", "server/features/chat/service.ts"],
    ["server/features/chat/service.ts", "server/platform/tx.ts"],
    ["server/app.ts", "server/features/chat/routes.ts"],
    ["web/features/chat/ChatPage.tsx", "web/lib/api.ts"],
    ["web/app/routes.tsx", "web/features/chat/ChatPage.tsx"],
    ["web/app/shell-parts.ts", "web/features/notifications/Bell.tsx"],
    ["web/app/shell/TopBar.tsx", "web/lib/shell.ts"],
    ["web/features/users/UsersPage.test.tsx", "web/features/users/users-api.test-support.ts"],
    ["server/features/chat/helpers.test-support.ts", "server/policies/matrix.test-support.ts"],
    ["server/test/world.ts", "server/features/chat/helpers.test-support.ts"],
    ["web/features/chat/ChatPage.tsx", "common/schemas/chat.ts"],
    ["common/schemas/auth.ts", "common/base/limits.ts"],
  ])("allows %s → %s", (from, to) => {
    expect(violation(p(from), p(to))).toBeNull();
  });
});

describe("common's direction: base → domain → texts → schemas", () => {
  it.each([
    ["common/base/limits.ts", "common/domain/roles.ts"],
    ["common/domain/attachments.ts", "common/texts/errors/attachments.ts"],
    ["common/domain/shift-form.ts", "common/schemas/shifts.ts"],
    ["common/texts/errors/shifts.ts", "common/schemas/shifts.ts"],
    ["common/domain/privacy.ts", "common/test/privacy-corpus.ts"],
    ["common/helpers/x.ts", "common/base/limits.ts"],
  ])("refuses %s → %s", (from, to) => {
    expect(violation(p(from), p(to))).toBeTruthy();
  });

  it.each([
    ["common/domain/validation.ts", "common/base/limits.ts"],
    ["common/texts/ui/chat.ts", "common/domain/chat-messages.ts"],
    ["common/schemas/auth.ts", "common/texts/index.ts"],
    ["common/schemas/swaps.ts", "common/schemas/shifts.ts"],
    // A test reads whichever layer states what it checks.
    ["common/domain/attachments.test.ts", "common/texts/errors/attachments.ts"],
    ["common/domain/privacy.test.ts", "common/test/privacy-corpus.ts"],
  ])("allows %s → %s", (from, to) => {
    expect(violation(p(from), p(to))).toBeNull();
  });
});

describe("import cycles", () => {
  it("finds each loop once, written from its first file back to it", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c", "d"]],
      ["c", ["a"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(findCycles(graph)).toEqual([
      ["a", "b", "c", "a"],
      ["e", "e"],
    ]);
  });

  it("finds none in a tree without loops", () => {
    expect(
      findCycles(
        new Map([
          ["a", ["b", "c"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("the check on a tree", () => {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "check-imports.mjs");
  let root = "";
  const plant = (files: Record<string, string>) => {
    root = mkdtempSync(path.join(tmpdir(), "check-imports-"));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
  };
  const run = () => spawnSync(process.execPath, [script, root], { encoding: "utf8" });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("fails on a planted cycle and names it", () => {
    plant({
      "server/platform/a.ts": 'import { b } from "./b.ts";\nexport const a = () => b;\n',
      "server/platform/b.ts": 'import type { a } from "./a";\nexport const b = 1;\n',
    });
    expect(findViolations(root)).toEqual([
      "import cycle: server/platform/a.ts → server/platform/b.ts → server/platform/a.ts",
    ]);
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("import cycle: server/platform/a.ts → server/platform/b.ts");
  });

  it("passes a clean tree", () => {
    plant({
      "common/base/limits.ts": "export const limits = {};\n",
      "common/domain/rule.ts": 'import { limits } from "../base/limits.ts";\nexport const rule = limits;\n',
      "server/platform/a.ts": 'import { rule } from "../../common/domain/rule.ts";\nexport const a = rule;\n',
    });
    expect(findViolations(root)).toEqual([]);
    expect(run().status).toBe(0);
  });

  it("finds nothing in this repository", () => {
    expect(findViolations()).toEqual([]);
  });
});
