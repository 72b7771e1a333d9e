import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, vi } from "vitest";

// Pages load lazily (route-level code splitting); on a busy 2-core machine the first
// import of a page can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
