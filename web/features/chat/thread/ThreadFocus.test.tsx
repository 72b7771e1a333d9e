/**
 * What the person meets around writing: the caret where typing goes when a thread opens
 * (not on a touch screen), their message shown as sent at once, and a lost connection
 * said quietly, with a message that cannot go said at once.
 */

import { onlineManager } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { isFollowed } from "../../../test/realtime.ts";
import { chatServer, threadId } from "./chat-api.test-support.ts";

/** Offline the shell's line says it (components/offline-notice.tsx), over the thread too. */
const notice = "Du er frakoblet – meldinger sendes når nettet er tilbake";

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
});

/** A desktop (mouse and keyboard) or a touch screen, as the media queries say. */
function pointer(fine: boolean) {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) =>
    query.includes("pointer") ? ({ matches: fine, media: query } as MediaQueryList) : real(query),
  );
}

async function openDepartmentChat() {
  renderApp("/chat/department");
  await waitFor(() => expect(isFollowed(`thread:${threadId}`)).toBe(true));
  return screen.findByRole("textbox", { name: "Melding" });
}

describe("opening a thread", () => {
  it("puts the caret in the composer on a desktop", async () => {
    pointer(true);
    chatServer();
    const field = await openDepartmentChat();
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("leaves the on-screen keyboard down on a touch screen", async () => {
    pointer(false);
    chatServer();
    const field = await openDepartmentChat();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field).not.toHaveFocus();
  });
});

describe("sending", () => {
  it("shows my message as sent at once, 'Sender...' only as a late note while the server answers", async () => {
    const server = chatServer();
    let release = () => {};
    server.control.sendGate = new Promise((resolve) => {
      release = resolve;
    });
    const field = await openDepartmentChat();
    await userEvent.type(field, "Jeg tar nattevakten{Enter}");

    const text = await screen.findByText("Jeg tar nattevakten");
    const article = text.closest("article")!;
    expect(article).toHaveAttribute("aria-busy", "true");
    // Not greyed out as 'not there yet': the note waits a second before it shows.
    expect(text).not.toHaveClass("text-muted-fg");
    expect(screen.getByText("Sender...")).toHaveClass("animate-appear-late");

    release();
    await waitFor(() => expect(article.isConnected && article.getAttribute("aria-busy")).not.toBe("true"));
    await waitFor(() => expect(screen.queryByText("Sender...")).toBeNull());
  });
});

describe("without a connection", () => {
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
  });

  it("says so quietly over the thread, and a message that cannot go says so at once", async () => {
    const server = chatServer();
    const field = await openDepartmentChat();
    expect(screen.queryByText(notice)).toBeNull();

    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByText(notice).closest("[role=status]")).toHaveAttribute("aria-live", "polite");

    // The request fails as it would with no network; it is tried at once, not held until online.
    server.control.sendFails = true;
    await userEvent.type(field, "Kan noen bytte?{Enter}");
    expect(await screen.findByText("Feil ved sending")).toBeInTheDocument();
    expect(field).toHaveValue("Kan noen bytte?");

    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull());
  });
});
