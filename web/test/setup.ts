import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, vi } from "vitest";
import { stopPersonalCache } from "../lib/personal-cache.ts";
import { FakeSocket } from "./realtime.ts";
import { setViewport } from "./viewport.ts";

// Pages load lazily (route-level code splitting); on a busy 2-core machine the first
// import of a page can take longer than Testing Library's default second, and on a slow
// one the first page of a file (the app's modules all loaded cold) more than 5 s.
configure({ asyncUtilTimeout: 10_000 });

/*
 * happy-dom's selects have no `size` and their options no `defaultSelected`; without them
 * react-hook-form takes every select for one the person already changed and keeps its
 * first option instead of the form's default. Browsers have both.
 */
Object.defineProperty(HTMLSelectElement.prototype, "size", { configurable: true, get: () => 0 });
Object.defineProperty(HTMLOptionElement.prototype, "defaultSelected", {
  configurable: true,
  get(this: HTMLOptionElement) {
    return this.hasAttribute("selected");
  },
  // Radix's hidden native select sets it.
  set(this: HTMLOptionElement, selected: boolean) {
    this.toggleAttribute("selected", selected);
  },
});

// The app follows realtime topics as soon as someone is signed in; never over the network here.
beforeEach(() => {
  vi.stubGlobal("WebSocket", FakeSocket);
  // A wide ward PC, where the 'Informasjon' rail starts open; a test about narrower
  // screens sets its own.
  setViewport(1700);
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  // No save of one test's chat may land in the next test's storage.
  stopPersonalCache();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
