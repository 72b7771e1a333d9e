import { describe, expect, it } from "vitest";
import { violation } from "./check-imports.mjs";

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
    ["common/schemas/auth.ts", "common/domain/limits.ts"],
  ])("allows %s → %s", (from, to) => {
    expect(violation(p(from), p(to))).toBeNull();
  });
});
