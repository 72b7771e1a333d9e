import "./styles.css";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { AppProviders } from "./app/providers.tsx";
import { appRoutes } from "./app/routes.tsx";
import { createQueryClient } from "./lib/query.ts";

const queryClient = createQueryClient();
const router = createBrowserRouter(appRoutes);

createRoot(document.getElementById("root")!).render(<AppProviders client={queryClient} router={router} />);
