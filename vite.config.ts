import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { serviceWorker } from "./scripts/service-worker-plugin.ts";

/** A module id inside one of these packages (scoped names match the whole scope). */
const inPackages = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](?:${names.join("|")})[\\\\/]`);

const radix = inPackages(
  "radix-ui",
  "@radix-ui",
  "@floating-ui",
  "react-remove-scroll",
  "react-remove-scroll-bar",
  "react-style-singleton",
  "use-callback-ref",
  "use-sidecar",
  "aria-hidden",
  "get-nonce",
  "detect-node-es",
  "tslib",
);

/**
 * Dependencies in chunks of their own, so a deploy that changes only the app leaves
 * their file names (and the browser's cached copies) alone. Higher priority claims a
 * module first. A group's file is fetched whole by the first screen that needs any of
 * it, so what every page needs (`$initial`), what /login needs and what only the shell's
 * screens need are grouped apart (web budgets, README): /login gets no Radix menus, no
 * list virtualizer and no date-fns; the chat no forms.
 */
const vendorChunks = [
  { name: "react", test: inPackages("react", "react-dom", "scheduler"), priority: 80 },
  { name: "router", test: inPackages("react-router", "cookie", "set-cookie-parser"), priority: 70 },
  // The chat's virtual list, not /login's queries.
  { name: "virtual", test: inPackages("@tanstack/react-virtual", "@tanstack/virtual-core"), priority: 65 },
  { name: "query", test: inPackages("@tanstack"), priority: 60 },
  { name: "zod", test: inPackages("zod"), priority: 50 },
  // The forms' library: /login and the screens with forms, not the chat.
  { name: "hook-form", test: inPackages("react-hook-form", "@hookform"), priority: 45 },
  // The few Radix parts of /login's form apart from the shell's menus and dialogs.
  {
    name: "radix",
    test: inPackages("radix-ui", "@radix-ui/react-slot", "@radix-ui/react-label"),
    priority: 40,
  },
  // Form controls of dialogs and admin screens, which the shell and the chat do not show
  // at first. Their dependencies (positioning, focus, layers) are the shell's too: they
  // stay in radix-shell instead of following these into this group.
  {
    name: "radix-forms",
    test: inPackages(
      "@radix-ui/react-select",
      "@radix-ui/react-tabs",
      "@radix-ui/react-checkbox",
      "@radix-ui/react-switch",
    ),
    includeDependenciesRecursively: false,
    priority: 35,
  },
  { name: "radix-shell", test: radix, priority: 30 },
  // date-fns itself only; the Oslo clock (@date-fns/tz) is small and comes with the texts.
  { name: "date-fns", test: inPackages("date-fns"), priority: 20 },
  { name: "vendor", test: /[\\/]node_modules[\\/]/, tags: ["$initial" as const], priority: 10 },
  // Icons by the screens that use them (`entriesAware`), small sets merged: a few files,
  // not one request per icon, and no screen fetches every icon.
  {
    name: "icons",
    test: inPackages("lucide-react"),
    entriesAware: true,
    entriesAwareMergeThreshold: 4096,
    priority: 5,
  },
  // The app code of the first screen in one file (rolldown would otherwise split off
  // every module a lazy screen shares with it).
  { name: "app", test: (id: string) => !id.includes("node_modules"), tags: ["$initial" as const] },
];

/**
 * The web app lives in web/; the server serves dist/web and compresses it itself. The
 * service worker (web/sw/sw.ts) is built beside it as dist/web/sw.js.
 */
export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss(), serviceWorker("web/sw/sw.ts")],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
  },
  server: {
    proxy: {
      "/api": { target: "http://localhost:3000", ws: true },
      "/brand": "http://localhost:3000",
    },
  },
});
