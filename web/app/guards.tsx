/** Route elements that decide who may see a part of the route table. */
import { PowerOff } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import type { Abilities } from "../../common/schemas/auth.ts";
import type { FeatureFlag } from "../../common/schemas/brand.ts";
import { ui } from "../../common/texts/index.ts";
import { FullPageSpinner } from "../components/full-page.tsx";
import { Page } from "../components/page.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { toast } from "../components/ui/toaster.tsx";
import { useConfig, useFeature } from "../lib/config.tsx";
import { loginPathFor, safeNext } from "../lib/next-path.ts";
import { paths } from "../lib/paths.ts";
import { useSession, useSessionState } from "../lib/session.tsx";

/** /login, /register and /forgot-password: a signed-in person goes on to ?next= or home. */
export function PublicOnly() {
  const state = useSessionState();
  const [params] = useSearchParams();
  if (state.status === "loading") return <FullPageSpinner />;
  if (state.status === "signedIn") return <Navigate to={safeNext(params.get("next"))} replace />;
  return <Outlet />;
}

/** Everything else: a signed-out person is sent to /login and brought back afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const state = useSessionState();
  const location = useLocation();
  if (state.status === "loading") return <FullPageSpinner />;
  if (state.status === "signedOut") {
    return <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />;
  }
  return children;
}

function Refused() {
  useEffect(() => {
    // A fixed id keeps StrictMode's double effect (and quick repeats) to one toast.
    toast.error(ui.common.forbidden, { id: "forbidden" });
  }, []);
  return <Navigate to={paths.home} replace />;
}

/** Admin screens: staff are sent home with a toast; the server refuses their data anyway. */
export function RequireAbility({ ability }: { ability: keyof Abilities }) {
  const session = useSession();
  return session.abilities[ability] ? <Outlet /> : <Refused />;
}

/** Staging-only pages: absent (not found) in production. */
export function DemoOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useConfig().config.demoTools ? children : fallback;
}

/** A screen behind a feature flag; off, it says so (spec §2: 'Ekstravakter ikke aktivert'). */
export function FeatureGate({
  flag,
  title,
  offTitle,
  children,
}: {
  flag: FeatureFlag;
  /** the screen's own title, kept so the person knows where they are */
  title: string;
  offTitle: string;
  children: ReactNode;
}) {
  if (useFeature(flag)) return children;
  return (
    <Page title={title}>
      <EmptyState icon={PowerOff} title={offTitle}>
        {ui.pages.featureOffBody}
      </EmptyState>
    </Page>
  );
}
