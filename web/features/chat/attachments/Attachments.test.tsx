import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { config, renderApp } from "../../../test/app.tsx";
import { isFollowed } from "../../../test/realtime.ts";
import { fakeUploads } from "../../../test/uploads.ts";
import { chatServer, kari, ola, threadId } from "../thread/chat-api.test-support.ts";
import { attachment, fileOf } from "./uploads.test-support.ts";

beforeEach(() => {
  // happy-dom lays nothing out: the virtualised list needs a height to show messages.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
});

const user = () => userEvent.setup({ applyAccept: false });
const composer = () => screen.findByRole("textbox", { name: "Melding" });
const sendButton = () => screen.getByRole("button", { name: "Send" });
const pendingList = () => screen.getByRole("list", { name: "Filer som legges ved" });
const sends = (server: ReturnType<typeof chatServer>) =>
  server.calls.filter((c) => c.method === "POST" && c.url.pathname.endsWith("/messages"));

async function openChat() {
  renderApp("/chat/department");
  await waitFor(() => expect(isFollowed(`thread:${threadId}`)).toBe(true));
  return composer();
}

async function choose(...files: File[]) {
  await screen.findByRole("button", { name: "Legg ved fil" });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  expect(input).not.toBeNull();
  await user().upload(input!, files);
}

describe("the composer's files", () => {
  it("uploads a picture with its progress, blocks sending meanwhile, then sends it with the text", async () => {
    const server = chatServer();
    const uploads = fakeUploads();
    const field = await openChat();
    await choose(fileOf("vaktliste.png", 2048, "image/png"));

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.url).toBe(`/api/chat/threads/${threadId}/attachments`);
    expect(uploads[0]!.file.name).toBe("vaktliste.png");
    const bar = within(pendingList()).getByRole("progressbar", { name: "Laster opp vaktliste.png" });
    expect(bar).toHaveAttribute("aria-valuenow", "0");
    await act(async () => uploads[0]!.progress(45));
    expect(bar).toHaveAttribute("aria-valuenow", "45");
    expect(sendButton()).toBeDisabled();

    // Enter while it uploads says why nothing goes.
    await user().type(field, "Ny vaktliste{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent("Vent til filene er lastet opp.");
    expect(sends(server)).toHaveLength(0);

    const stored = attachment("vaktliste.png", "png");
    server.files.set(stored.id, stored);
    await act(async () => uploads[0]!.respond(201, stored));
    expect(within(pendingList()).queryByRole("progressbar")).toBeNull();
    expect(within(pendingList()).getByText("Klar til sending,")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(sendButton()).toBeEnabled();

    await user().type(field, "{Enter}");
    await waitFor(() => expect(sends(server)).toHaveLength(1));
    expect(sends(server)[0]!.body).toEqual({
      content: "Ny vaktliste",
      attachmentIds: [stored.id],
      clientKey: expect.any(String),
    });
    expect(screen.queryByRole("list", { name: "Filer som legges ved" })).toBeNull();
    const message = (await screen.findByText("Ny vaktliste")).closest("article")!;
    expect(within(message).getByRole("button", { name: "Åpne bilde vaktliste.png" })).toBeInTheDocument();
  });

  it("sends files without text", async () => {
    const server = chatServer();
    const uploads = fakeUploads();
    const field = await openChat();
    await choose(fileOf("rapport.pdf", 4096, "application/pdf"));
    const stored = attachment("rapport.pdf", "pdf");
    server.files.set(stored.id, stored);
    await waitFor(() => expect(uploads).toHaveLength(1));
    await act(async () => uploads[0]!.respond(201, stored));

    await user().type(field, "{Enter}");
    await waitFor(() => expect(sends(server)).toHaveLength(1));
    expect(sends(server)[0]!.body).toEqual({
      content: "",
      attachmentIds: [stored.id],
      clientKey: expect.any(String),
    });
    expect(await screen.findByRole("link", { name: "Last ned rapport.pdf" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("refuses too large a file and a type not allowed before uploading, with the shared messages", async () => {
    const server = chatServer();
    const uploads = fakeUploads();
    const field = await openChat();
    await choose(fileOf("stor.pdf", 11 * 1024 * 1024, "application/pdf"), fileOf("oppsett.exe"));

    const list = pendingList();
    expect(within(list).getByText('Fil "stor.pdf" er for stor. Maks 10MB tillatt.')).toBeInTheDocument();
    expect(within(list).getByText('Filtype "exe" er ikke tillatt.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    // A refusal cannot be mended by trying again.
    expect(within(list).queryByRole("button", { name: "Prøv igjen" })).toBeNull();
    expect(await screen.findAllByText("Opplastingsfeil")).toHaveLength(2);

    await user().type(field, "Her{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Noen filer kunne ikke lastes opp. Fjern dem eller prøv igjen.",
    );
    expect(sends(server)).toHaveLength(0);

    await user().click(within(list).getByRole("button", { name: "Fjern stor.pdf" }));
    await user().click(screen.getByRole("button", { name: "Fjern oppsett.exe" }));
    expect(screen.queryByRole("list", { name: "Filer som legges ved" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    await user().type(field, "{Enter}");
    await waitFor(() => expect(sends(server)).toHaveLength(1));
  });

  it("shows the server's refusal on the file, and offers 'Prøv igjen' after a network failure", async () => {
    chatServer();
    const uploads = fakeUploads();
    await openChat();
    await choose(fileOf("program.png", 4096, "image/png"), fileOf("notat.txt", 100, "text/plain"));
    await waitFor(() => expect(uploads).toHaveLength(2));

    await act(async () =>
      uploads[0]!.respond(422, {
        error: { code: "upload_type_not_allowed", message: 'Filtype "exe" er ikke tillatt.' },
      }),
    );
    await act(async () => uploads[1]!.fail());
    const list = pendingList();
    expect(within(list).getByText('Filtype "exe" er ikke tillatt.')).toBeInTheDocument();
    expect(within(list).getByText("Opplasting feilet. Prøv igjen.")).toBeInTheDocument();
    const retry = within(list).getByRole("button", { name: "Prøv igjen" });
    expect(retry).toHaveAccessibleDescription("Opplasting feilet. Prøv igjen.");

    await user().click(retry);
    expect(uploads).toHaveLength(3);
    expect(uploads[2]!.file.name).toBe("notat.txt");
    expect(within(list).getByRole("progressbar", { name: "Laster opp notat.txt" })).toBeInTheDocument();
    await act(async () => uploads[2]!.respond(201, attachment("notat.txt", "txt")));
    expect(within(list).queryByText("Opplasting feilet. Prøv igjen.")).toBeNull();
  });

  it("removing a file on its way stops its upload", async () => {
    chatServer();
    const uploads = fakeUploads();
    await openChat();
    await choose(fileOf("bilde.jpg", 4096, "image/jpeg"));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(sendButton()).toBeDisabled();
    await user().click(screen.getByRole("button", { name: "Fjern bilde.jpg" }));
    expect(uploads[0]!.aborted).toBe(true);
    expect(sendButton()).toBeEnabled();
  });

  it("attaches pasted files", async () => {
    chatServer();
    const uploads = fakeUploads();
    const field = await openChat();
    const pasted = fileOf("image.png", 4096, "image/png");
    fireEvent.paste(field, { clipboardData: { files: [pasted], types: ["Files"], getData: () => "" } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(within(pendingList()).getByText("image.png")).toBeInTheDocument();
  });

  it("attaches files dropped on the page, with a hint while they are dragged", async () => {
    chatServer();
    const uploads = fakeUploads();
    await openChat();
    const dropped = fileOf("rapport.pdf", 4096, "application/pdf");
    const dataTransfer = { files: [dropped], types: ["Files"], dropEffect: "none" };
    fireEvent.dragEnter(document.body, { dataTransfer });
    expect(await screen.findByText("Slipp filene for å legge dem ved")).toBeInTheDocument();
    fireEvent.drop(document.body, { dataTransfer });
    expect(screen.queryByText("Slipp filene for å legge dem ved")).toBeNull();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.file.name).toBe("rapport.pdf");
  });

  it("gives the files back when sending fails", async () => {
    const server = chatServer();
    const uploads = fakeUploads();
    server.control.sendFails = true;
    const field = await openChat();
    await choose(fileOf("rapport.pdf", 4096, "application/pdf"));
    await waitFor(() => expect(uploads).toHaveLength(1));
    await act(async () => uploads[0]!.respond(201, attachment("rapport.pdf", "pdf")));
    await user().type(field, "Se vedlegg{Enter}");
    expect(await screen.findByText("Feil ved sending")).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue("Se vedlegg"));
    expect(within(pendingList()).getByText("rapport.pdf")).toBeInTheDocument();
  });

  it("has no attach button when the brand turns files off", async () => {
    chatServer();
    const features = config({ chatAttachments: false });
    const others = globalThis.fetch;
    vi.stubGlobal("fetch", (input: string, init?: RequestInit) =>
      new URL(input, "http://localhost").pathname === "/api/config"
        ? Promise.resolve(Response.json(features))
        : others(input, init),
    );
    await openChat();
    expect(screen.queryByRole("button", { name: "Legg ved fil" })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});

describe("files in messages", () => {
  it("shows pictures as thumbnails with their place kept, and other files as cards to download", async () => {
    const server = chatServer();
    const photo = attachment("rom-3.png", "png", { width: 1200, height: 600 });
    const pdf = attachment("rapport.pdf", "pdf");
    server.add(ola, "Se her", { attachments: [photo, pdf] });
    await openChat();

    const thumbnail = await screen.findByRole("button", { name: "Åpne bilde rom-3.png" });
    expect(thumbnail.style.aspectRatio).toBe("1200 / 600");
    expect(thumbnail.style.getPropertyValue("--thumb-w")).toBe("240px");
    expect(thumbnail.style.getPropertyValue("--thumb-w-md")).toBe("320px");
    const image = thumbnail.querySelector("img")!;
    expect(image).toHaveAttribute("src", photo.thumbnailUrl);
    expect(image).toHaveAttribute("width", "1200");

    const download = screen.getByRole("link", { name: "Last ned rapport.pdf" });
    expect(download).toHaveAttribute("href", pdf.url);
    expect(download).toHaveAttribute("download", "rapport.pdf");
    expect(screen.getByText("PDF · 1,2 MB")).toBeInTheDocument();
  });

  it("shows a file's name, its author's and a link without bidirectional controls", async () => {
    const server = chatServer();
    const spoofed = attachment("vaktliste-\u202Efdp.exe", "pdf");
    server.add({ ...ola, fullName: "Ola \u202ENordmann" }, "Ny turnus: https://intranett.no/\u202Egnp.exe", {
      attachments: [spoofed],
    });
    await openChat();
    const download = await screen.findByRole("link", { name: /^Last ned / });
    expect(download).toHaveAttribute("download", "vaktliste-fdp.exe");
    expect(download).toHaveAttribute("title", "Last ned vaktliste-fdp.exe");
    expect(screen.getByText("vaktliste-fdp.exe").tagName).toBe("BDI");
    expect(screen.getByText("Ola Nordmann").tagName).toBe("BDI");
    expect(screen.getByRole("link", { name: "https://intranett.no/gnp.exe" })).toHaveAttribute(
      "title",
      "Lenken inneholder skjulte retningstegn og kan vise en annen adresse enn den går til",
    );
  });

  it("shows no files on a deleted message", async () => {
    const server = chatServer();
    server.add(kari, null, {
      deletedAt: new Date().toISOString(),
      attachments: [attachment("rapport.pdf", "pdf")],
      abilities: { edit: false, delete: false, react: false, undo: true },
    });
    await openChat();
    expect(await screen.findByText("Denne meldingen ble slettet")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Last ned rapport.pdf" })).toBeNull();
  });

  it("renews the links of a picture that fails to load once, then says 'Kunne ikke laste fil'", async () => {
    const server = chatServer();
    const message = server.add(ola, "Bilde", { attachments: [attachment("rom.png", "png")] });
    await openChat();
    const image = (await screen.findByRole("button", { name: "Åpne bilde rom.png" })).querySelector("img")!;
    const refreshes = () =>
      server.calls.filter((c) => c.method === "GET" && c.url.pathname === `/api/chat/messages/${message.id}`);

    fireEvent.error(image);
    await waitFor(() => expect(refreshes()).toHaveLength(1));
    const again = await waitFor(() => {
      const img = screen.getByRole("button", { name: "Åpne bilde rom.png" }).querySelector("img")!;
      expect(img).not.toBe(image);
      return img;
    });
    fireEvent.error(again);
    expect(await screen.findByText("Kunne ikke laste fil")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Åpne bilde rom.png" })).toBeNull();
    expect(refreshes()).toHaveLength(1);
  });

  it("reads a message again for fresh links 60 s before they expire, and at once when stale", async () => {
    const server = chatServer();
    const soon = server.add(ola, "Snart", {
      attachments: [attachment("a.pdf", "pdf", { expiresAt: new Date(Date.now() + 61_500).toISOString() })],
    });
    const stale = server.add(ola, "Gammel", {
      attachments: [attachment("b.pdf", "pdf", { expiresAt: new Date(Date.now() + 30_000).toISOString() })],
    });
    const fresh = server.add(ola, "Fersk", { attachments: [attachment("c.pdf", "pdf")] });
    const refreshed = (id: string) =>
      server.calls.some((c) => c.method === "GET" && c.url.pathname === `/api/chat/messages/${id}`);
    await openChat();
    await screen.findByText("Gammel");
    await waitFor(() => expect(refreshed(stale.id)).toBe(true));
    expect(refreshed(soon.id)).toBe(false);
    await waitFor(() => expect(refreshed(soon.id)).toBe(true), { timeout: 4000 });
    expect(refreshed(fresh.id)).toBe(false);
  });

  it("opens a picture in the lightbox and gives the focus back to its thumbnail when closed", async () => {
    const server = chatServer();
    server.add(ola, "Bilder", {
      attachments: [attachment("en.png", "png"), attachment("to.png", "png")],
    });
    await openChat();
    const first = await screen.findByRole("button", { name: "Åpne bilde en.png" });
    await user().click(first);
    const viewer = await screen.findByRole("dialog", { name: "Bildevisning" });
    expect(within(viewer).getByRole("button", { name: "Neste bilde" })).toBeInTheDocument();
    expect(within(viewer).getByRole("button", { name: "Zoom inn" })).toBeInTheDocument();
    await user().click(within(viewer).getByRole("button", { name: "Lukk" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Bildevisning" })).toBeNull());
    await waitFor(() => expect(first).toHaveFocus());
  });
});
