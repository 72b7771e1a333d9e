import { SearchX } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { ui } from "../../../common/texts/index.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { paths } from "../../lib/paths.ts";

/** Unknown paths (spec §2): the not-found page, and the path logged for whoever reads the console. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`Page not found: ${pathname}`);
  }, [pathname]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 md:px-8">
      <EmptyState
        icon={SearchX}
        titleAs="h1"
        title={ui.shell.notFoundTitle}
        action={
          <Link to={paths.home} className={buttonClass("primary")}>
            {ui.shell.notFoundHome}
          </Link>
        }
      >
        <p>{ui.shell.notFoundBody}</p>
        <p className="mt-1 font-mono text-xs break-all">{pathname}</p>
      </EmptyState>
    </div>
  );
}
