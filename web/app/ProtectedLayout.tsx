import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { OutboxRunner } from "../features/chat/outbox/use-outbox.ts";
import { UnreadDocumentTitle } from "../features/chat/unread/badges.ts";
import { PresenceHeartbeat } from "../lib/presence.ts";
import { useSessionState } from "../lib/session.tsx";
import { RequireSession } from "./guards.tsx";
import { appNav } from "./nav.ts";
import { AppShell } from "./shell/AppShell.tsx";
import { appShellParts } from "./shell-parts.ts";

/** Only a person without a department sees it: its form controls load when it shows. */
const DepartmentChooser = lazy(() =>
  import("../features/departments/DepartmentChooser.tsx").then((m) => ({ default: m.DepartmentChooser })),
);

function ShellWithChooser() {
  const state = useSessionState();
  return (
    <AppShell nav={appNav} parts={appShellParts}>
      <Outlet />
      {state.status === "signedIn" && state.session.needsDepartment && (
        <Suspense>
          <DepartmentChooser />
        </Suspense>
      )}
      {/* The tab title counts unread chat messages wherever one is in the app. */}
      {state.status === "signedIn" && state.session.currentDeptId && <UnreadDocumentTitle />}
      {state.status === "signedIn" && state.session.currentDeptId && <PresenceHeartbeat />}
      {/* Chat messages written offline go when the connection returns, wherever one is. */}
      {state.status === "signedIn" && <OutboxRunner />}
    </AppShell>
  );
}

/** Everything but the public pages: signed in, inside the shell, with a department. */
export function ProtectedLayout() {
  return (
    <RequireSession>
      <ShellWithChooser />
    </RequireSession>
  );
}
