/**
 * 'Varsler på denne enheten' on 'Min profil' (issue 27): permission asked only on the
 * button, the subscription sent to the server and this device remembered, my devices
 * with their date and 'Fjern', the content switch, and the denied and unsupported states.
 * The browser's side (permission, Push API) is faked; the API is the fake of web/test.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { baseHandlers, type Handlers, mockApi, renderApp, session } from "../../../test/app.tsx";
import * as device from "./this-device.ts";

vi.mock("./this-device.ts", async (importActual) => ({
  ...(await importActual<typeof import("./this-device.ts")>()),
  pushSupport: vi.fn(() => "supported"),
  subscribeThisDevice: vi.fn(),
  unsubscribeThisDevice: vi.fn(async () => {}),
}));

const kari = session("staff");
const phone = {
  id: "3b8e7c1e-6a43-4c1e-9a57-2f0e5b7d9a11",
  browser: "Chrome på Android",
  createdAt: "2026-11-20T08:15:00.000Z",
};
const pc = {
  id: "3b8e7c1e-6a43-4c1e-9a57-2f0e5b7d9a12",
  browser: "Edge på Windows",
  createdAt: "2026-11-26T13:40:00.000Z",
};
const subscription = { endpoint: "https://push.example/abc", keys: { p256dh: "p", auth: "a" } };
const state = (devices = [phone], showContent = false) => ({ publicKey: "BKey", devices, showContent });

function open(handlers: Handlers = {}) {
  const calls = mockApi({ ...baseHandlers(kari), "GET /api/push": state(), ...handlers });
  renderApp("/profile");
  return calls;
}

async function section() {
  const heading = await screen.findByRole(
    "heading",
    { name: "Varsler på denne enheten" },
    { timeout: 15_000 },
  );
  return within(heading.closest("section") as HTMLElement);
}

describe("'Varsler på denne enheten'", { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(device.pushSupport).mockReturnValue("supported");
  });
  afterEach(() => vi.clearAllMocks());

  it("turns push on for this device only when asked, sends the subscription and marks the device", async () => {
    vi.mocked(device.subscribeThisDevice).mockResolvedValue(subscription);
    const calls = open({ "POST /api/push/subscriptions": pc });
    const s = await section();
    expect(await s.findByText("Chrome på Android")).toBeInTheDocument();
    expect(device.subscribeThisDevice).not.toHaveBeenCalled();

    await userEvent.click(s.getByRole("button", { name: "Varsler på denne enheten" }));
    expect(await screen.findByText("Varsler er slått på for denne enheten")).toBeInTheDocument();
    expect(device.subscribeThisDevice).toHaveBeenCalledWith("BKey");
    expect(calls.find((c) => c.path === "/api/push/subscriptions")?.body).toEqual(subscription);
    expect(s.getByText("Varsler er på for denne enheten")).toBeInTheDocument();
    expect(s.queryByRole("button", { name: "Varsler på denne enheten" })).toBeNull();
    const row = s.getByText("Edge på Windows").closest("li") as HTMLElement;
    expect(within(row).getByText("denne enheten")).toBeInTheDocument();
    expect(within(row).getByText("lagt til 26. november 2026")).toBeInTheDocument();
    expect(device.thisDeviceId()).toBe(pc.id);
  });

  it("removes this device on the server and in the browser", async () => {
    device.rememberThisDevice(phone.id);
    const calls = open({ [`DELETE /api/push/subscriptions/${phone.id}`]: { status: 204, body: null } });
    const s = await section();
    await userEvent.click(await s.findByRole("button", { name: "Fjern Chrome på Android" }));
    expect(await screen.findByText("Enheten får ikke lenger varsler")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
    expect(device.unsubscribeThisDevice).toHaveBeenCalled();
    expect(s.getByText("Ingen enheter har varsler ennå.")).toBeInTheDocument();
  });

  it("removes another device without touching this browser's subscription, and says so when it cannot", async () => {
    open({
      "GET /api/push": state([phone, pc]),
      [`DELETE /api/push/subscriptions/${pc.id}`]: {
        status: 500,
        body: { error: { code: "internal", message: "Feil" } },
      },
    });
    const s = await section();
    await userEvent.click(await s.findByRole("button", { name: "Fjern Edge på Windows" }));
    expect(await screen.findByText("Kunne ikke fjerne enheten")).toBeInTheDocument();
    expect(device.unsubscribeThisDevice).not.toHaveBeenCalled();
    expect(s.getByText("Edge på Windows")).toBeInTheDocument();
  });

  it("saves 'Vis innhold i varsler' at once; it is off by default", async () => {
    const calls = open({ "PUT /api/push/preference": state([phone], true) });
    const s = await section();
    const toggle = await s.findByRole("switch", { name: "Vis innhold i varsler" });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText("Lagret")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/push/preference")?.body).toEqual({ showContent: true });
    expect(toggle).toBeChecked();
  });

  it("says when the browser blocks notifications, or the person says no when asked", async () => {
    vi.mocked(device.subscribeThisDevice).mockRejectedValue(new device.PushRefused("denied"));
    open();
    const s = await section();
    await userEvent.click(await s.findByRole("button", { name: "Varsler på denne enheten" }));
    expect(
      await s.findByText(
        "Nettleseren blokkerer varsler fra Vaktrom. Tillat varsler i nettleserens innstillinger.",
      ),
    ).toBeInTheDocument();
    expect(s.queryByRole("button", { name: "Varsler på denne enheten" })).toBeNull();
  });

  it("says when this browser cannot, and still lists my other devices", async () => {
    vi.mocked(device.pushSupport).mockReturnValue("unsupported");
    open();
    const s = await section();
    expect(await s.findByText("Denne nettleseren kan ikke gi varsler.")).toBeInTheDocument();
    expect(await s.findByText("Chrome på Android")).toBeInTheDocument();
    expect(s.queryByRole("button", { name: "Varsler på denne enheten" })).toBeNull();
  });

  it("says so in a toast when the server refuses the subscription", async () => {
    vi.mocked(device.subscribeThisDevice).mockResolvedValue(subscription);
    open({
      "POST /api/push/subscriptions": {
        status: 409,
        body: { error: { code: "conflict", message: "Du har for mange enheter med varsler." } },
      },
    });
    const s = await section();
    await userEvent.click(await s.findByRole("button", { name: "Varsler på denne enheten" }));
    expect(await screen.findByText("Kunne ikke slå på varsler")).toBeInTheDocument();
    expect(screen.getByText("Du har for mange enheter med varsler.")).toBeInTheDocument();
    expect(s.getByRole("button", { name: "Varsler på denne enheten" })).toBeEnabled();
  });
});
