import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { NotificationListResponse } from "../../../common/schemas/notifications.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import { type ApiCall, baseHandlers, mockApi, renderApp, session } from "../../test/app.tsx";
import { isFollowed, publish } from "../../test/realtime.ts";
import { closed, ids, list, maintenance, published, swap, target, winner } from "./fixtures.test-support.ts";

const me = session("staff");
const myTopic = topics.user(me.user.id);
const page = "/chat/finnes-ikke";

// The first render of the app loads its pages lazily, which may take a while on a busy machine.
const bell = (name: string | RegExp = /^Varsler(,|$)/) =>
  screen.findByRole("button", { name }, { timeout: 15_000 });
const panel = () => screen.findByRole("dialog", { name: "Varsler" });
const item = async (heading: string) =>
  within(await panel()).findByRole("listitem", { name: new RegExp(`^${heading}`) });
/** What the app sent to the bell's and the shifts' endpoints (the presence heartbeat aside). */
const posts = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === "POST" && !c.path.startsWith("/api/presence")).map((c) => c.path);
const failure = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

// The whole app renders per test, on a machine that may be busy: more than the default 5 s.
describe("the bell", { timeout: 20_000 }, () => {
  it("shows my unread count capped at '9+', the whole number in its name, polled in the background", async () => {
    const calls = mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 12 },
    });
    renderApp(page);
    const button = await bell("Varsler, 12 uleste varsler");
    expect(button).toHaveTextContent(/^9\+$/);
    const poll = calls.find((c) => c.path === "/api/notifications/unread-count");
    expect(poll?.headers["X-Activity"]).toBe("background");
  });

  it("shows no badge when nothing is unread", async () => {
    mockApi({ ...baseHandlers(me), "GET /api/notifications/unread-count": { unreadCount: 0 } });
    renderApp(page);
    expect(await bell("Varsler")).toHaveTextContent(/^$/);
  });

  it("asks for the count again when a notice comes while its first read is on its way", async () => {
    // The first answer was read before the notice, and lands after its event.
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let reads = 0;
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": async () => {
        reads += 1;
        if (reads > 1) return { unreadCount: 2 };
        await firstHeld;
        return { unreadCount: 1 };
      },
    });
    renderApp(page);
    await waitFor(() => expect(isFollowed(myTopic)).toBe(true));
    await waitFor(() => expect(reads).toBe(1));

    publish(myTopic, "notification.created", { notificationId: ids.published, added: 1 });
    // The fake server hands the event over on the next task: the stale answer lands after it.
    setTimeout(releaseFirst);
    await bell("Varsler, 2 uleste varsler");
    expect(reads).toBe(2);
  });

  it("follows my realtime topic: the count changes at once, the open list is read again", async () => {
    let answer: NotificationListResponse = list(winner);
    const calls = mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 1 },
      "GET /api/notifications": () => answer,
    });
    renderApp(page);
    await bell("Varsler, 1 ulest varsel");
    await waitFor(() => expect(isFollowed(myTopic)).toBe(true));

    publish(myTopic, "notification.created", { notificationId: ids.published, added: 1 });
    await bell("Varsler, 2 uleste varsler");
    const asked = (path: string) => calls.filter((c) => c.path === path);
    expect(asked("/api/notifications/unread-count")).toHaveLength(1);

    // Opening reads the list.
    answer = list(published, winner);
    await userEvent.click(await bell());
    await item("Ny ekstravakt");
    expect(asked("/api/notifications")).toHaveLength(1);

    // An event while it is open: the list afresh, asked in the background.
    answer = list(maintenance, published, winner);
    publish(myTopic, "notification.created", { notificationId: ids.maintenance, added: 1 });
    await item("Nedetid i kveld");
    expect(asked("/api/notifications")).toHaveLength(2);
    expect(asked("/api/notifications")[1]!.headers["X-Activity"]).toBe("background");
    await bell("Varsler, 3 uleste varsler");

    // Read in another tab: shown read here too at once.
    answer = list({ ...maintenance, readAt: new Date().toISOString() }, published, winner);
    publish(myTopic, "notification.read", { notificationId: ids.maintenance, unreadCount: 2 });
    await waitFor(async () => expect(await item("Nedetid i kveld")).not.toHaveTextContent("Ulest"));
    await bell("Varsler, 2 uleste varsler");
  });

  it("lists each kind with its text, and reads one or all of them", async () => {
    const calls = mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 4 },
      "GET /api/notifications": list(published, winner, closed, maintenance, swap),
      [`POST /api/notifications/${ids.maintenance}/read`]: { unreadCount: 3 },
      "POST /api/notifications/read-all": { unreadCount: 0 },
    });
    renderApp(page);
    await userEvent.click(await bell("Varsler, 4 uleste varsler"));

    const shift = await item("Ny ekstravakt");
    expect(shift).toHaveTextContent("«Dagvakt» man. 07.01 · 07:00 er lagt ut.");
    expect(shift).toHaveTextContent("Ulest");
    expect(within(shift).getByRole("button", { name: "Jeg er interessert" })).toBeInTheDocument();
    const broadcast = await item("Nedetid i kveld");
    expect(broadcast).toHaveTextContent("Vedlikehold");
    expect(broadcast).toHaveTextContent("Systemet er nede 22–23.");
    const approved = await item("Vaktbytte godkjent");
    expect(approved).toHaveTextContent("Vaktbyttet av «Kveldsvakt» man. 07.01 · 07:00 er godkjent.");
    // Read already: no 'Ulest', nothing to mark.
    expect(approved).not.toHaveTextContent("Ulest");
    expect(within(approved).queryByRole("button", { name: "Merk som lest" })).not.toBeInTheDocument();

    await userEvent.click(within(broadcast).getByRole("button", { name: "Merk som lest" }));
    await waitFor(() => expect(broadcast).not.toHaveTextContent("Ulest"));
    await bell("Varsler, 3 uleste varsler");

    await userEvent.click(within(await panel()).getByRole("button", { name: "Merk alle som lest" }));
    await bell("Varsler");
    expect(within(await panel()).queryByText("Ulest")).not.toBeInTheDocument();
    expect(within(await panel()).getByRole("button", { name: "Merk alle som lest" })).toBeDisabled();
    expect(posts(calls)).toEqual([
      `/api/notifications/${ids.maintenance}/read`,
      "/api/notifications/read-all",
    ]);
  });

  it("puts an item back unread and says so when marking it read fails", async () => {
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 1 },
      "GET /api/notifications": list(maintenance),
      [`POST /api/notifications/${ids.maintenance}/read`]: failure(500, "internal", "Noe gikk galt"),
      "POST /api/notifications/read-all": failure(500, "internal", "Noe gikk galt"),
    });
    renderApp(page);
    await userEvent.click(await bell("Varsler, 1 ulest varsel"));
    const broadcast = await item("Nedetid i kveld");
    await userEvent.click(within(broadcast).getByRole("button", { name: "Merk som lest" }));
    expect(await screen.findByText("Kunne ikke markere varsler som lest")).toBeInTheDocument();
    expect(screen.getByText("Feil")).toBeInTheDocument();
    await waitFor(() => expect(broadcast).toHaveTextContent("Ulest"));
    await bell("Varsler, 1 ulest varsel");

    await userEvent.click(within(await panel()).getByRole("button", { name: "Merk alle som lest" }));
    await waitFor(() => expect(screen.getAllByText("Kunne ikke markere varsler som lest")).toHaveLength(2));
    await bell("Varsler, 1 ulest varsel");
  });

  it("says when there are none, and when they could not be loaded, with a retry", async () => {
    let fail = true;
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 0 },
      "GET /api/notifications": () => (fail ? failure(500, "internal", "Noe gikk galt") : list()),
    });
    renderApp(page);
    await userEvent.click(await bell());
    expect(await within(await panel()).findByText("Kunne ikke laste varsler")).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(await panel()).getByRole("button", { name: "Prøv igjen å laste varsler" }));
    expect(await within(await panel()).findByRole("heading", { name: "Ingen varsler" })).toBeInTheDocument();
  });

  it("registers interest from a published shift, and reads the shifts again", async () => {
    const calls = mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 1 },
      "GET /api/notifications": list(published),
      [`POST /api/shifts/${ids.shift}/interest`]: { shiftId: ids.shift, interested: true, interestCount: 3 },
      [`POST /api/notifications/${ids.published}/read`]: { unreadCount: 0 },
    });
    const { client } = renderApp(page);
    const invalidate = vi.spyOn(client, "invalidateQueries");
    await userEvent.click(await bell());
    const shift = await item("Ny ekstravakt");
    await userEvent.click(within(shift).getByRole("button", { name: "Jeg er interessert" }));

    expect(await screen.findByText("Din interesse er registrert for ekstravakten")).toBeInTheDocument();
    expect(screen.getAllByText("Interesse registrert").length).toBeGreaterThan(0);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["shifts"] });
    // Acting on it reads it.
    await waitFor(() => expect(shift).not.toHaveTextContent("Ulest"));
    expect(posts(calls)).toEqual([
      `/api/shifts/${ids.shift}/interest`,
      `/api/notifications/${ids.published}/read`,
    ]);
  });

  it("shows the server's reason when interest cannot be registered", async () => {
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 1 },
      "GET /api/notifications": list(published),
      [`POST /api/shifts/${ids.shift}/interest`]: failure(
        409,
        "shift_not_open",
        "Vakten er ikke åpen lenger.",
      ),
    });
    renderApp(page);
    await userEvent.click(await bell());
    const shift = await item("Ny ekstravakt");
    await userEvent.click(within(shift).getByRole("button", { name: "Jeg er interessert" }));
    expect(await screen.findByText("Vakten er ikke åpen lenger.")).toBeInTheDocument();
    expect(screen.getByText("Feil")).toBeInTheDocument();
    expect(shift).toHaveTextContent("Ulest");
    expect(within(shift).getByRole("button", { name: "Jeg er interessert" })).toBeEnabled();
  });

  it("follows the shift it points to: assigned meanwhile, it shows 'Tildelt' and 'Se tildeling', never 'Jeg er interessert'", async () => {
    const open = { ...published, target: target() };
    let answer: NotificationListResponse = list(open);
    const calls = mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 1 },
      "GET /api/notifications": () => answer,
    });
    const { router } = renderApp(page);
    await userEvent.click(await bell());
    let shift = await item("Ny ekstravakt");
    expect(shift).toHaveTextContent("«Dagvakt» man. 07.01 · 07:00–15:00 er lagt ut.");
    expect(within(shift).getByRole("button", { name: "Jeg er interessert" })).toBeInTheDocument();
    const deptTopic = topics.dept(me.currentDeptId!);
    await waitFor(() => expect(isFollowed(deptTopic)).toBe(true));

    // Assigned in the meantime (Kari was a candidate): the department hears of it.
    answer = list({
      ...published,
      target: target({ shiftStatus: "assigned", can: { interest: false, viewOutcome: true } }),
    });
    publish(deptTopic, "shift.changed", { shiftId: ids.shift, openCount: 0 });
    await waitFor(async () => expect(await item("Ny ekstravakt")).toHaveTextContent("Tildelt"));
    shift = await item("Ny ekstravakt");
    expect(within(shift).queryByRole("button", { name: "Jeg er interessert" })).not.toBeInTheDocument();
    await userEvent.click(within(shift).getByRole("button", { name: "Se tildeling" }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/shifts/open?outcome=${ids.shift}`,
      ),
    );
    expect(posts(calls)).toEqual([`/api/notifications/${ids.published}/read`]);
  });

  it("shows a closed shift's state and no action; an answered one says so", async () => {
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 0 },
      "GET /api/notifications": list(
        {
          ...published,
          readAt: published.createdAt,
          target: target({ shiftStatus: "closed", can: { interest: false, viewOutcome: false } }),
        },
        {
          id: ids.winner,
          type: "shift_published",
          payload: { shiftId: ids.otherShift, title: "Kveldsvakt", startsAt: target().startsAt! },
          createdAt: winner.createdAt,
          readAt: winner.createdAt,
          target: target({ answered: true }),
        },
      ),
    });
    renderApp(page);
    await userEvent.click(await bell());
    const [closedShift, answered] = within(await panel()).getAllByRole("listitem");
    expect(closedShift).toHaveTextContent("Stengt");
    expect(within(closedShift!).queryAllByRole("button")).toEqual([]);
    expect(answered).toHaveTextContent("Interesse registrert");
    expect(within(answered!).queryAllByRole("button")).toEqual([]);
  });

  it.each([
    ["Du fikk vakten", `/shifts/assigned?outcome=${ids.shift}`, ids.winner],
    ["Vakten er tildelt", `/shifts/open?outcome=${ids.otherShift}`, ids.closed],
  ])("opens the assignment outcome of '%s' and reads it", async (heading, target, id) => {
    const calls = mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 2 },
      "GET /api/notifications": list(winner, closed),
      [`POST /api/notifications/${id}/read`]: { unreadCount: 1 },
    });
    const { router } = renderApp(page);
    await userEvent.click(await bell());
    await userEvent.click(within(await item(heading)).getByRole("button", { name: "Se tildeling" }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(target),
    );
    expect(screen.queryByRole("dialog", { name: "Varsler" })).not.toBeInTheDocument();
    await waitFor(() => expect(posts(calls)).toEqual([`/api/notifications/${id}/read`]));
  });

  it("is reached and left with the keyboard", async () => {
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 1 },
      "GET /api/notifications": list(maintenance),
    });
    renderApp(page);
    const button = await bell("Varsler, 1 ulest varsel");
    button.focus();
    await userEvent.keyboard("{Enter}");
    await item("Nedetid i kveld");
    await waitFor(() =>
      expect(
        within(screen.getByRole("dialog")).getByRole("button", { name: "Merk alle som lest" }),
      ).toHaveFocus(),
    );
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it("is in the header on a phone", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query) =>
        ({
          matches: !query.includes("min-width"),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    mockApi({ ...baseHandlers(me), "GET /api/notifications/unread-count": { unreadCount: 3 } });
    renderApp(page);
    await screen.findByRole("button", { name: "Meny" });
    expect(await bell("Varsler, 3 uleste varsler")).toHaveTextContent("3");
  });
});

describe("toasts for new notices and quiet off shift", { timeout: 20_000 }, () => {
  const alerts = (quiet: boolean) => ({ quietOffShift: true, quiet, until: null });

  it("raises a toast for a new notice when not quiet", async () => {
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 0 },
      "GET /api/me/alerts": alerts(false),
    });
    renderApp(page);
    await bell("Varsler");
    await waitFor(() => expect(isFollowed(myTopic)).toBe(true));
    publish(myTopic, "notification.created", {
      notificationId: ids.published,
      added: 1,
      type: "shift_published",
    });
    expect(await screen.findByText("Ny ekstravakt")).toBeInTheDocument();
    expect(screen.getByText("Se varslene dine i bjella.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Stille – du er ikke på vakt" })).not.toBeInTheDocument();
  });

  it("off shift with the setting on: no toast, but the count rises; urgent ones and mentions still alert", async () => {
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 0 },
      "GET /api/me/alerts": alerts(true),
    });
    renderApp(page);
    await bell("Varsler");
    // the discreet mark says why, and leads to the setting
    const mark = await screen.findByRole("link", { name: "Stille – du er ikke på vakt" });
    expect(mark).toHaveAttribute("href", "/profile");
    await waitFor(() => expect(isFollowed(myTopic)).toBe(true));

    publish(myTopic, "notification.created", {
      notificationId: ids.published,
      added: 1,
      type: "shift_published",
    });
    publish(myTopic, "notification.created", {
      notificationId: ids.maintenance,
      added: 1,
      type: "maintenance",
    });
    await bell("Varsler, 2 uleste varsler");
    expect(screen.queryByText("Ny ekstravakt")).not.toBeInTheDocument();
    expect(screen.queryByText("Vedlikehold")).not.toBeInTheDocument();

    publish(myTopic, "notification.created", {
      notificationId: ids.winner,
      added: 1,
      type: "alert",
      urgent: true,
    });
    expect(await screen.findByText("Viktig varsel")).toBeInTheDocument();
    publish(myTopic, "notification.created", {
      notificationId: ids.closed,
      added: 1,
      type: "info",
      mention: "role",
    });
    expect(await screen.findByText("Informasjon")).toBeInTheDocument();
    await bell("Varsler, 4 uleste varsler");
  });

  it("asks again when the server says it changed, and the moon follows", async () => {
    let quiet = false;
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 0 },
      "GET /api/me/alerts": () => alerts(quiet),
    });
    renderApp(page);
    await bell("Varsler");
    await waitFor(() => expect(isFollowed(myTopic)).toBe(true));
    expect(screen.queryByRole("link", { name: "Stille – du er ikke på vakt" })).not.toBeInTheDocument();
    quiet = true;
    publish(myTopic, "alerts.changed", {});
    expect(await screen.findByRole("link", { name: "Stille – du er ikke på vakt" })).toBeInTheDocument();
    // a duty role of my department given to me for the block under way
    quiet = false;
    const deptTopic = topics.dept(me.currentDeptId!);
    await waitFor(() => expect(isFollowed(deptTopic)).toBe(true));
    publish(deptTopic, "duty.changed", { deptId: me.currentDeptId! });
    await waitFor(() =>
      expect(screen.queryByRole("link", { name: "Stille – du er ikke på vakt" })).not.toBeInTheDocument(),
    );
  });

  it("nothing is silenced before the server has answered", async () => {
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 0 },
      "GET /api/me/alerts": () => new Promise<never>(() => {}),
    });
    renderApp(page);
    await bell("Varsler");
    await waitFor(() => expect(isFollowed(myTopic)).toBe(true));
    publish(myTopic, "notification.created", {
      notificationId: ids.published,
      added: 1,
      type: "shift_published",
    });
    expect(await screen.findByText("Ny ekstravakt")).toBeInTheDocument();
  });
});

describe("a notice's toast and the open bell", { timeout: 20_000 }, () => {
  it("opening the bell clears the toasts it now shows, and an open bell raises none", async () => {
    mockApi({
      ...baseHandlers(me),
      "GET /api/notifications/unread-count": { unreadCount: 0 },
      "GET /api/notifications": list(published),
      "GET /api/me/alerts": { quietOffShift: false, quiet: false, until: null },
    });
    renderApp(page);
    await bell("Varsler");
    await waitFor(() => expect(isFollowed(myTopic)).toBe(true));
    publish(myTopic, "notification.created", {
      notificationId: ids.published,
      added: 1,
      type: "shift_published",
    });
    expect(await screen.findByText("Se varslene dine i bjella.")).toBeInTheDocument();
    await userEvent.click(await bell());
    await item("Ny ekstravakt");
    await waitFor(() => expect(screen.queryByText("Se varslene dine i bjella.")).not.toBeInTheDocument());
    publish(myTopic, "notification.created", {
      notificationId: ids.maintenance,
      added: 1,
      type: "maintenance",
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText("Vedlikehold")).not.toBeInTheDocument();
    expect(screen.queryByText("Se varslene dine i bjella.")).not.toBeInTheDocument();
  });
});
