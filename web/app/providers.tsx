import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { type createBrowserRouter, RouterProvider } from "react-router";
import { Toaster } from "../components/ui/toaster.tsx";
import { TooltipProvider } from "../components/ui/tooltip.tsx";
import { ConfigProvider } from "../lib/config.tsx";

/** Everything around the route table; the same tree in the browser and in component tests. */
export function AppProviders({
  client,
  router,
}: {
  client: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <TooltipProvider delayDuration={400}>
          <ConfigProvider>
            <RouterProvider router={router} />
          </ConfigProvider>
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
