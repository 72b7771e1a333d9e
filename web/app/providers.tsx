import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { type createBrowserRouter, RouterProvider } from "react-router";
import { Toaster } from "../components/ui/toaster.tsx";
import { ConfigProvider } from "../lib/config.tsx";

/**
 * Everything around the route table; the same tree in the browser and in component tests.
 * Tooltips are only in the signed-in frame, so their provider (and Radix's positioning
 * code) comes with the shell, not with /login.
 */
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
        <ConfigProvider>
          <RouterProvider router={router} />
        </ConfigProvider>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
