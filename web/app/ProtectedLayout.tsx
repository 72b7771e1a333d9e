import { Outlet } from "react-router";
import { DepartmentChooser } from "../features/auth/DepartmentChooser.tsx";
import { AppShell } from "../features/shell/AppShell.tsx";
import { RequireSession } from "./guards.tsx";
import { useSessionState } from "./session.tsx";

function ShellWithChooser() {
  const state = useSessionState();
  return (
    <AppShell>
      <Outlet />
      {state.status === "signedIn" && state.session.needsDepartment && <DepartmentChooser />}
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
