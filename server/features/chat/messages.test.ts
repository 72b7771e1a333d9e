import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type MessageDto, messageDto, messagePage } from "../../../common/schemas/chat.ts";
import { chatMessageReactions, chatMessages } from "../../db/schema.ts";
import { JobRunner } from "../../platform/jobs.ts";
import { appWithout, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { type DemoName, demoClients, demoIds, threadIdOf } from "./helpers.test-support.ts";
import { purgeDeletedJob } from "./message-purge.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("chat messages", () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let as: Record<DemoName, Client>;
  let dept: string;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    as = await demoClients(t, ids);
    dept = threadIdOf(await as.kari.post("/api/chat/department"));
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(() => t.close());

  async function send(who: DemoName, content: string, opts: { thread?: string; replyToId?: string } = {}) {
    const res = await as[who].post(`/api/chat/threads/${opts.thread ?? dept}/messages`, {
      content,
      ...(opts.replyToId ? { replyToId: opts.replyToId } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return messageDto.parse(res.json());
  }
  const fetchAs = async (who: DemoName, id: string) => (await as[who].get(`/api/chat/messages/${id}`)).json();
  const edit = (who: DemoName, id: string, content: string) =>
    as[who].request("PATCH", `/api/chat/messages/${id}`, { content });
  const remove = (who: DemoName, id: string) => as[who].request("DELETE", `/api/chat/messages/${id}`);
  const undo = (who: DemoName, id: string) => as[who].post(`/api/chat/messages/${id}/restore`);
  const purge = () => {
    const runner = new JobRunner({ db: t.ctx.db, bus: t.ctx.bus, clock: t.ctx.clock, log: t.ctx.log }, [
      purgeDeletedJob(t.ctx.files),
    ]);
    runners.push(runner);
    return runner.runNow("chat.purge-deleted-messages");
  };

  it("keeps bidirectional controls in the stored text: they are neutralised where displayed", async () => {
    const content = "Ny turnus: https://intranett.no/\u202Egnp.exe \u2067\u200F\u061C";
    const sent = await send("kari", content);
    expect(sent.content).toBe(content);
    expect((await fetchAs("ola", sent.id)).content).toBe(content);
  });

  describe("the newest page, kept in memory", () => {
    const newest = async (who: DemoName) => {
      const res = await as[who].get(`/api/chat/threads/${dept}/messages`);
      expect(res.statusCode).toBe(200);
      return messagePage.parse(res.json()).messages;
    };
    const find = async (who: DemoName, id: string) => (await newest(who)).find((m) => m.id === id);

    it("follows every change the app makes at once, each reader seeing their own part", async () => {
      await newest("kari");
      const sent = await send("ola", "Hvem tar kaffen?");
      expect((await find("kari", sent.id))?.content).toBe("Hvem tar kaffen?");
      expect((await edit("ola", sent.id, "Hvem henter kaffe?")).statusCode).toBe(200);
      expect((await find("kari", sent.id))?.content).toBe("Hvem henter kaffe?");
      const reacted = await as.kari.post(`/api/chat/messages/${sent.id}/reactions`, { emoji: "👍" });
      expect(reacted.statusCode).toBe(200);
      expect((await find("ola", sent.id))?.reactions).toMatchObject([{ emoji: "👍", count: 1, mine: false }]);
      expect((await find("kari", sent.id))?.reactions).toMatchObject([{ emoji: "👍", count: 1, mine: true }]);
      expect((await remove("ola", sent.id)).statusCode).toBe(200);
      expect((await find("kari", sent.id))?.content).toBeNull();
      expect((await find("ola", sent.id))?.content).toBe("Hvem henter kaffe?");
      expect((await undo("ola", sent.id)).statusCode).toBe(200);
      expect((await find("kari", sent.id))?.content).toBe("Hvem henter kaffe?");
    });

    it("writes a message once for those it shows the same, never giving one reader's part to another", async () => {
      const sent = await send("kari", "Vi mangler en på natt");
      expect((await as.ola.post(`/api/chat/messages/${sent.id}/reactions`, { emoji: "❤️" })).statusCode).toBe(
        200,
      );
      // The leader reads first: his view of Kari's message (not his, no reaction of his) is kept.
      for (const who of ["leader", "kari", "ola", "leader", "secretary", "kari"] as const) {
        const message = await find(who, sent.id);
        expect(message?.abilities, who).toEqual({
          edit: who === "kari",
          delete: who === "kari",
          react: true,
          undo: false,
        });
        expect(message?.reactions, who).toEqual([
          {
            emoji: "❤️",
            count: 1,
            users: [{ userId: ids.ola, fullName: expect.any(String) }],
            mine: who === "ola",
          },
        ]);
      }
    });

    it("does not see a row changed behind the app's back until its time is up", async () => {
      const sent = await send("kari", "Før");
      await newest("ola");
      await t.ctx.db.update(chatMessages).set({ content: "Etter" }).where(eq(chatMessages.id, sent.id));
      expect((await find("ola", sent.id))?.content).toBe("Før");
      // One message asked for by id is read as it is.
      expect((await fetchAs("ola", sent.id)).content).toBe("Etter");
      await t.ctx.db.update(chatMessages).set({ content: "Før" }).where(eq(chatMessages.id, sent.id));
    });
  });

  describe("posting", () => {
    it("stores the trimmed text with its author, and tells what I may do with it", async () => {
      const message = await send("kari", "  God morgen!\n  ");
      expect(message).toMatchObject({
        threadId: dept,
        content: "God morgen!",
        author: { userId: ids.kari, fullName: "Kari Nordmann" },
        editedAt: null,
        deletedAt: null,
        replyTo: null,
        reactions: [],
        abilities: { edit: true, delete: true, react: true, undo: false },
      });
      // Read back in the statement that wrote it, it is what reading it later gives.
      expect(await fetchAs("kari", message.id)).toEqual(message);
      expect((await fetchAs("ola", message.id)).abilities).toEqual({
        edit: false,
        delete: false,
        react: true,
        undo: false,
      });
    });

    it("refuses an empty message and one over 4000 characters, with their messages", async () => {
      for (const [content, code, message] of [
        [" \n\t ", "message_empty", "Tom melding"],
        ["x".repeat(4001), "message_too_long", "Meldingen er for lang. Den kan være på høyst 4000 tegn."],
      ]) {
        const res = await as.kari.post(`/api/chat/threads/${dept}/messages`, { content });
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toEqual({ code, message });
      }
      // 4000 characters, emoji counted as one each, are fine.
      expect((await send("kari", "😀".repeat(4000))).content).toHaveLength(8000);
      const nul = await as.kari.post(`/api/chat/threads/${dept}/messages`, { content: "a\u0000b" });
      expect(nul.statusCode).toBe(400);
    });

    it("quotes the message it replies to, cut to 80 characters, from the same thread only", async () => {
      const long = await send("ola", `${"Lang melding ".repeat(10)}slutt`);
      const reply = await send("kari", "Svar", { replyToId: long.id });
      expect(reply.replyTo).toMatchObject({
        id: long.id,
        author: { userId: ids.ola, fullName: "Ola Nordmann" },
        deleted: false,
      });
      expect(Array.from(reply.replyTo!.preview)).toHaveLength(81);
      expect(reply.replyTo!.preview.endsWith("…")).toBe(true);
      expect(await fetchAs("kari", reply.id)).toEqual(reply);

      const dm = threadIdOf(await as.kari.post("/api/chat/direct", { userId: ids.ola }));
      const elsewhere = await as.kari.post(`/api/chat/threads/${dm}/messages`, {
        content: "Svar",
        replyToId: long.id,
      });
      expect(elsewhere.statusCode).toBe(422);
      expect(elsewhere.json().error.code).toBe("reply_not_in_thread");
    });
  });

  describe("editing and deleting", () => {
    it("are for the author only", async () => {
      const message = await send("kari", "Min melding");
      for (const who of ["ola", "leader", "admin"] as const) {
        const edited = await edit(who, message.id, "Endret");
        expect(edited.statusCode, who).toBe(403);
        expect(edited.json().error.code).toBe("message_edit_refused");
        const deleted = await remove(who, message.id);
        expect(deleted.statusCode, who).toBe(403);
        expect(deleted.json().error.code).toBe("message_delete_refused");
      }
      // Someone who cannot see the thread does not learn that the message exists.
      const hidden = await edit("per", message.id, "Endret");
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual((await edit("per", randomUUID(), "Endret")).json());
      const [row] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
      expect(row).toMatchObject({ content: "Min melding", editedAt: null, deletedAt: null });
    });

    it("an edit is trimmed, not empty, and marked", async () => {
      const message = await send("kari", "Første utkast");
      expect((await edit("kari", message.id, "   ")).json().error.code).toBe("message_empty");
      const edited = await edit("kari", message.id, "  Rettet  ");
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ content: "Rettet", editedAt: expect.any(String) });
    });

    it("during the undo window, only the author gets a deleted message's text", async () => {
      const message = await send("kari", "Hemmelig tekst");
      const deleted = await remove("kari", message.id);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({
        content: "Hemmelig tekst",
        deletedAt: expect.any(String),
        abilities: { edit: false, delete: false, react: false, undo: true },
      });
      for (const who of ["ola", "leader"] as const) {
        const single = await as[who].get(`/api/chat/messages/${message.id}`);
        const page = await as[who].get(`/api/chat/threads/${dept}/messages`);
        for (const res of [single, page]) expect(res.body).not.toContain("Hemmelig tekst");
        expect(single.json()).toMatchObject({ content: null, deletedAt: expect.any(String) });
        expect(single.json().abilities.undo).toBe(false);
      }
      // A reply quoting it shows the placeholder.
      const reply = await send("ola", "Hva sto det?", { replyToId: message.id });
      expect(reply.replyTo).toMatchObject({ preview: "Denne meldingen ble slettet", deleted: true });
      expect(JSON.stringify(reply)).not.toContain("Hemmelig");
      // Deleted messages take no edits and no reactions.
      expect((await edit("kari", message.id, "Ny")).statusCode).toBe(403);
      const react = await as.ola.post(`/api/chat/messages/${message.id}/reactions`, { emoji: "👍" });
      expect(react.json().error.code).toBe("message_react_refused");

      const restored = await undo("kari", message.id);
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ content: "Hemmelig tekst", deletedAt: null });
      expect((await fetchAs("ola", message.id)).content).toBe("Hemmelig tekst");
    });

    it("undo is the author's, and refused after 5 minutes", async () => {
      const message = await send("kari", "Angre meg");
      await remove("kari", message.id);
      const other = await undo("ola", message.id);
      expect(other.statusCode).toBe(403);
      expect(other.json().error.code).toBe("message_undo_refused");
      await t.ctx.db
        .update(chatMessages)
        .set({ deletedAt: minutesAgo(5.1) })
        .where(eq(chatMessages.id, message.id));
      const late = await undo("kari", message.id);
      expect(late.statusCode).toBe(422);
      expect(late.json().error).toEqual({
        code: "undo_expired",
        message: "Kunne ikke angre: det er mer enn 5 minutter siden meldingen ble slettet.",
      });
      // After the window not even the author gets the text.
      expect((await fetchAs("kari", message.id)).content).toBeNull();
      const notDeleted = await send("kari", "Står");
      expect((await undo("kari", notDeleted.id)).statusCode).toBe(403);
    });

    it("loses its text and reactions for good once the window has passed (the purge job)", async () => {
      const old = await send("kari", "Skal bort");
      const fresh = await send("kari", "Kan angres");
      const kept = await send("kari", "Blir");
      for (const m of [old, fresh, kept])
        await as.ola.post(`/api/chat/messages/${m.id}/reactions`, { emoji: "👍" });
      await remove("kari", old.id);
      await remove("kari", fresh.id);
      await t.ctx.db
        .update(chatMessages)
        .set({ deletedAt: minutesAgo(6) })
        .where(eq(chatMessages.id, old.id));

      expect(await purge()).toBe("ran");
      expect(await purge()).toBe("ran");
      const rows = await t.ctx.db
        .select({ id: chatMessages.id, content: chatMessages.content, deletedAt: chatMessages.deletedAt })
        .from(chatMessages)
        .where(sql`${chatMessages.id} in (${old.id}, ${fresh.id}, ${kept.id})`);
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(old.id)).toMatchObject({ content: null, deletedAt: expect.any(Date) });
      expect(byId.get(fresh.id)!.content).toBe("Kan angres");
      expect(byId.get(kept.id)!.content).toBe("Blir");
      const reactions = await t.ctx.db.select().from(chatMessageReactions);
      expect(reactions.some((r) => r.messageId === old.id)).toBe(false);
      expect(reactions.some((r) => r.messageId === fresh.id)).toBe(true);
      expect((await undo("kari", old.id)).json().error.code).toBe("undo_expired");
      // The placeholder stays in the thread.
      expect((await fetchAs("kari", old.id)).deletedAt).not.toBeNull();
    });
  });

  describe("reactions", () => {
    it("toggle per person, message and emoji, and say who reacted", async () => {
      const message = await send("kari", "Reager på meg");
      const react = (who: DemoName, emoji: string) =>
        as[who].post(`/api/chat/messages/${message.id}/reactions`, { emoji });
      await react("ola", "👍");
      await react("leader", "👍");
      const res = await react("kari", "❤️");
      expect(res.statusCode).toBe(200);
      expect(res.json().reactions).toEqual([
        {
          emoji: "👍",
          count: 2,
          users: [
            { userId: ids.ola, fullName: "Ola Nordmann" },
            { userId: ids.leader, fullName: "Lars Johansen" },
          ],
          mine: false,
        },
        { emoji: "❤️", count: 1, users: [{ userId: ids.kari, fullName: "Kari Nordmann" }], mine: true },
      ]);
      expect((await react("ola", "👍")).json().reactions[0]).toMatchObject({ emoji: "👍", count: 1 });
      expect((await fetchAs("leader", message.id)).reactions[0]).toMatchObject({ emoji: "👍", mine: true });
      const free = await react("kari", "hei");
      expect(free.statusCode).toBe(422);
      expect(free.json().error.code).toBe("reaction_not_available");
      expect((await react("per", "👍")).statusCode).toBe(404);
    });
  });

  describe("pages", () => {
    let thread: string;
    let written: string[];
    let reader: Client;

    beforeAll(async () => {
      // A thread of its own, filled straight in the database: 120 messages in order.
      const a = await makeStaff(t, { role: "staff", dept: ids.intensiv, active: true });
      const b = await makeStaff(t, { role: "staff", dept: ids.intensiv, active: true });
      reader = await signedInClient(t, a.userId);
      thread = threadIdOf(await reader.post("/api/chat/direct", { userId: b.userId }));
      written = [];
      for (let i = 0; i < 120; i++) {
        const [row] = await t.ctx.db
          .insert(chatMessages)
          .values({ threadId: thread, authorId: i % 2 ? a.userId : b.userId, content: `Melding ${i}` })
          .returning({ id: chatMessages.id });
        written.push(row!.id);
      }
    });

    const page = async (query = "") => {
      const res = await reader.get(`/api/chat/threads/${thread}/messages${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return messagePage.parse(res.json());
    };
    const idsOf = (messages: MessageDto[]) => messages.map((m) => m.id);

    it("go back in time 50 at a time, oldest first, each message once", async () => {
      const seen: string[][] = [];
      let current = await page();
      seen.push(idsOf(current.messages));
      while (current.hasMore) {
        current = await page(`?before=${current.messages[0]!.id}`);
        seen.push(idsOf(current.messages));
      }
      expect(seen.map((p) => p.length)).toEqual([50, 50, 20]);
      expect(seen.reverse().flat()).toEqual(written);
    });

    it("catch up after a reconnect with exactly the messages missed", async () => {
      const before = await page();
      const lastSeen = before.messages.at(-1)!.id;
      const missed = [];
      for (let i = 0; i < 7; i++)
        missed.push(
          (await reader.post(`/api/chat/threads/${thread}/messages`, { content: `Ny ${i}` })).json().id,
        );
      const caughtUp = await page(`?after=${lastSeen}`);
      expect(idsOf(caughtUp.messages)).toEqual(missed);
      expect(caughtUp.hasMore).toBe(false);
      // From further back: 50 at a time, forward.
      const fromStart = await page(`?after=${written[0]}`);
      expect(idsOf(fromStart.messages)).toEqual(written.slice(1, 51));
      expect(fromStart.hasMore).toBe(true);
    });

    it("after a reconnect, tell what changed among the messages held since they were read", async () => {
      // Everything so far was written long ago; the reader last read two minutes ago.
      await t.ctx.db
        .update(chatMessages)
        .set({ revisedAt: minutesAgo(10) })
        .where(eq(chatMessages.threadId, thread));
      const readAt = minutesAgo(2).toISOString();
      // The reader wrote the odd ones.
      const [edited, deleted, reacted, older] = [written[101]!, written[103]!, written[104]!, written[11]!];
      expect(
        (await reader.request("PATCH", `/api/chat/messages/${edited}`, { content: "Rettet" })).statusCode,
      ).toBe(200);
      expect((await reader.request("DELETE", `/api/chat/messages/${deleted}`)).statusCode).toBe(200);
      expect((await reader.post(`/api/chat/messages/${reacted}/reactions`, { emoji: "👍" })).statusCode).toBe(
        200,
      );
      expect(
        (await reader.request("PATCH", `/api/chat/messages/${older}`, { content: "Før det jeg har" }))
          .statusCode,
      ).toBe(200);

      const changed = await page(`?changedSince=${encodeURIComponent(readAt)}&from=${written[70]}`);
      expect(idsOf(changed.messages)).toEqual([edited, deleted, reacted]);
      expect(changed.messages.map((m) => [m.content, m.deletedAt !== null, m.reactions.length])).toEqual([
        ["Rettet", false, 0],
        [expect.any(String), true, 0],
        ["Melding 104", false, 1],
      ]);
      expect(changed.hasMore).toBe(false);
      // Its `asOf` is the next `changedSince`: nothing has changed since (but for the minute's overlap).
      const asOf = new Date(Date.parse(changed.asOf) - 61_000).toISOString();
      await t.ctx.db
        .update(chatMessages)
        .set({ revisedAt: minutesAgo(10) })
        .where(eq(chatMessages.threadId, thread));
      expect((await page(`?changedSince=${encodeURIComponent(asOf)}&from=${written[70]}`)).messages).toEqual(
        [],
      );
      // The cursor's parts belong together.
      const half = await reader.get(
        `/api/chat/threads/${thread}/messages?changedSince=${encodeURIComponent(readAt)}`,
      );
      expect(half.statusCode).toBe(400);
    });

    it("take one cursor, of the same thread", async () => {
      expect((await page(`?before=${written[5]}`)).messages).toHaveLength(5);
      const both = await reader.get(
        `/api/chat/threads/${thread}/messages?before=${written[5]}&after=${written[1]}`,
      );
      expect(both.statusCode).toBe(400);
      const foreign = await reader.get(`/api/chat/threads/${thread}/messages?before=${randomUUID()}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe("message_not_found");
    });

    it("cost the same number of queries for 50 messages as for 5 (no query per message)", async () => {
      // Every message replies to another and carries reactions: what a query per item would cost.
      const one = (await reader.post(`/api/chat/threads/${thread}/messages`, { content: "Svar" })).json();
      await t.ctx.db.update(chatMessages).set({ replyToId: one.id }).where(eq(chatMessages.threadId, thread));
      for (const id of written.slice(-50))
        await reader.post(`/api/chat/messages/${id}/reactions`, { emoji: "👍" });
      const queries = async (query: string) => {
        const client = (t.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
          .$client;
        const original = client.query;
        let n = 0;
        client.query = function counted(this: unknown, ...args: unknown[]) {
          n++;
          return original.apply(this, args);
        };
        try {
          const res = await page(query);
          return { n, size: res.messages.length };
        } finally {
          client.query = original;
        }
      };
      // The thread itself is kept in memory after its first read; so is the newest page,
      // until the thread's next event (the reactions above were the last).
      await page(`?before=${written[5]}`);
      const full = await queries("");
      const small = await queries(`?before=${written[5]}`);
      expect(full.size).toBe(50);
      expect(small.size).toBe(5);
      // The cursor costs one lookup of its own.
      expect(full.n + 1).toBe(small.n);
      expect(full.n).toBeLessThanOrEqual(9);
    });
  });
});

describe("chat reactions switched off", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await appWithout(["chatReactions"]);
  });
  afterAll(() => t.close());

  it("answer 404 feature_disabled, and messages say nobody may react", async () => {
    const ids = await demoIds(t);
    const as = await demoClients(t, ids);
    const dept = threadIdOf(await as.kari.post("/api/chat/department"));
    const message = (await as.kari.post(`/api/chat/threads/${dept}/messages`, { content: "Hei" })).json();
    expect(message.abilities.react).toBe(false);
    const res = await as.ola.post(`/api/chat/messages/${message.id}/reactions`, { emoji: "👍" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("feature_disabled");
    expect(await t.ctx.db.select().from(chatMessageReactions)).toEqual([]);
  });
});

describe("the newest page kept in memory as time passes", () => {
  let t: TestApp;
  let now = new Date();
  afterAll(() => t.close());

  it("gives the author a deleted message's text and undo until its window ends, though nothing else changed", async () => {
    t = await createTestApp({}, { clock: { now: () => now } });
    const as = await demoClients(t, await demoIds(t));
    const dept = threadIdOf(await as.kari.post("/api/chat/department"));
    const sent = messageDto.parse(
      (await as.kari.post(`/api/chat/threads/${dept}/messages`, { content: "Feil tråd" })).json(),
    );
    expect((await as.kari.request("DELETE", `/api/chat/messages/${sent.id}`)).statusCode).toBe(200);
    const mine = async () => {
      const res = await as.kari.get(`/api/chat/threads/${dept}/messages`);
      return messagePage.parse(res.json()).messages.find((m) => m.id === sent.id)!;
    };
    expect(await mine()).toMatchObject({ content: "Feil tråd", abilities: { undo: true } });
    expect(await mine()).toMatchObject({ content: "Feil tråd", abilities: { undo: true } });
    now = new Date(now.getTime() + 5 * 60_000 + 1_000);
    expect(await mine()).toMatchObject({ content: null, abilities: { undo: false } });
  });
});
