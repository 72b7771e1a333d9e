import "./styles.css";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { AppProviders } from "./app/providers.tsx";
import { appRoutes } from "./app/routes.tsx";
import { brandQuery, configQuery } from "./lib/config.tsx";
import { startServiceWorker } from "./lib/pwa.ts";
import { createQueryClient } from "./lib/query.ts";
import { sessionQuery } from "./lib/session.tsx";

const queryClient = createQueryClient();
// Every first screen waits for these three. Asked for before the router fetches the
// screen's code, they take a connection first instead of queueing behind its files, and
// the session is not held back until the configuration has arrived.
void queryClient.prefetchQuery(configQuery);
void queryClient.prefetchQuery(brandQuery);
void queryClient.prefetchQuery(sessionQuery(queryClient));
const router = createBrowserRouter(appRoutes);

createRoot(document.getElementById("root")!).render(<AppProviders client={queryClient} router={router} />);
// The installable app's worker, after the first screen; a clicked notification's screen opens in this tab.
startServiceWorker((path) => void router.navigate(path));
