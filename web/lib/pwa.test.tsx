/**
 * The update offer (issue 27): a new build's worker waits; the app says 'Ny versjon – last
 * inn på nytt' and only 'Last inn på nytt' lets it take over, then the page reloads. The
 * browser's service worker API is faked: happy-dom has none.
 */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../components/ui/toaster.tsx";

class FakeWorker extends EventTarget {
  state = "installing";
  postMessage = vi.fn();
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

function fakeBrowser({ controlled }: { controlled: boolean }) {
  const registration = Object.assign(new EventTarget(), {
    installing: null as FakeWorker | null,
    waiting: null as FakeWorker | null,
    update: vi.fn(async () => {}),
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: vi.fn(async () => registration),
  });
  Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
  const reload = vi.fn();
  vi.stubGlobal("location", { ...window.location, reload });
  return { registration, container, reload };
}

describe("the update offer", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.resetModules();
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  async function start(controlled: boolean) {
    vi.stubEnv("PROD", true);
    const fake = fakeBrowser({ controlled });
    render(<Toaster />);
    const { appServiceWorker } = await import("./pwa.ts");
    await act(() => appServiceWorker());
    return fake;
  }

  it("offers a waiting build and lets it take over only when asked, then reloads", async () => {
    const { registration, container, reload } = await start(true);
    const next = new FakeWorker();
    registration.installing = next;
    act(() => {
      registration.dispatchEvent(new Event("updatefound"));
      next.become("installed");
    });
    expect(await screen.findByText("Ny versjon – last inn på nytt")).toBeInTheDocument();
    expect(next.postMessage).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Last inn på nytt" }));
    expect(next.postMessage).toHaveBeenCalledWith({ type: "skipWaiting" });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      container.dispatchEvent(new Event("controllerchange"));
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("offers nothing for the first install (no worker controls the page yet)", async () => {
    const { registration } = await start(false);
    const first = new FakeWorker();
    registration.installing = first;
    act(() => {
      registration.dispatchEvent(new Event("updatefound"));
      first.become("installed");
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText("Ny versjon – last inn på nytt")).toBeNull();
  });
});
