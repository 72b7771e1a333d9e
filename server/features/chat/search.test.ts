import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldNorwegian } from "../../../common/domain/search.ts";
import { messageDto, threadKinds } from "../../../common/schemas/chat.ts";
import {
  type MessageHit,
  type SearchQuery,
  type SearchResults,
  searchResults,
} from "../../../common/schemas/search.ts";
import { errorMessages } from "../../../common/texts/errors.ts";
import { chatMessages, chatThreads, searchWords, staff } from "../../db/schema.ts";
import { may } from "../../policies/index.ts";
import { multipartFile, pdf } from "../../test/file-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { loadThread } from "./access.ts";
import { type DemoName, demo, demoClients, demoIds, threadIdOf } from "./helpers.test-support.ts";
import { findHits, readableHits } from "./search.ts";

describe("search", () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let as: Record<DemoName, Client>;
  let department: string;
  let dm: string;

  beforeAll(async () => {
    t = await createTestApp({ SEARCH_PER_MINUTE: "1000" });
    ids = await demoIds(t);
    as = await demoClients(t, ids);
    department = threadIdOf(await as.kari.post("/api/chat/department"));
    dm = threadIdOf(await as.kari.post("/api/chat/direct", { userId: ids.ola }));
  });
  afterAll(() => t.close());

  async function post(who: DemoName, threadId: string, content: string, attachmentIds?: string[]) {
    const res = await as[who].post(`/api/chat/threads/${threadId}/messages`, { content, attachmentIds });
    expect(res.statusCode, res.body).toBe(201);
    return messageDto.parse(res.json());
  }

  async function find(who: DemoName, query: SearchQuery): Promise<SearchResults> {
    const params = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    const res = await as[who].get(`/api/search?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    return searchResults.parse(res.json());
  }
  const foundIds = async (who: DemoName, q: string) => (await find(who, { q })).messages.map((m) => m.id);

  describe("Norwegian words", () => {
    it("finds a word by its inflections, both ways ('vakter' finds 'vakt', 'vakt' finds 'vaktene')", async () => {
      const one = await post("ola", department, "Hvem tar vakt på lørdag?");
      const other = await post("ola", department, "Vaktene i julen er fordelt");
      expect(await foundIds("kari", "vakter")).toEqual(expect.arrayContaining([one.id, other.id]));
      expect(await foundIds("kari", "vakt")).toEqual(expect.arrayContaining([one.id, other.id]));
    });

    it("finds compounds by their parts ('pumpe' and 'instruks' in 'pumpeinstruksen')", async () => {
      const m = await post("ola", department, "Husk å lese pumpeinstruksen før nattevakten");
      expect(await foundIds("kari", "pumpe")).toContain(m.id);
      expect(await foundIds("kari", "instruks")).toContain(m.id);
      expect(await foundIds("kari", "nattevakt")).toContain(m.id);
    });

    it("meets æ, ø and å and their substitutes (ae, o, aa) both ways, in any case", async () => {
      const written = await post("ola", department, "Blåbærsyltetøy står på kjøkkenet hos Åse");
      const substituted = await post("ola", department, "Moeter i kjokkenet kl 14, spor Aase");
      for (const q of ["blaabaer", "BLÅBÆR", "kjokken", "kjøkkenet", "åse", "aase"]) {
        const found = await foundIds("kari", q);
        expect(found, q).toContain(written.id);
      }
      for (const q of ["kjøkken", "Åse"]) expect(await foundIds("kari", q), q).toContain(substituted.id);
    });

    it("matches a quoted phrase exactly, words in that order", async () => {
      const phrase = await post("ola", department, "Vi har fått ny pumpe på rom 3");
      const reversed = await post("ola", department, "Pumpe ny? Nei, den gamle");
      const found = await foundIds("kari", '"ny pumpe"');
      expect(found).toContain(phrase.id);
      expect(found).not.toContain(reversed.id);
    });

    it("needs every word, and forgives a small typo only when nothing else matched", async () => {
      const m = await post("ola", department, "Defibrillatoren er flyttet til korridoren");
      expect(await foundIds("kari", "defibrillator korridor")).toContain(m.id);
      expect(await foundIds("kari", "defibrillator sengepost")).not.toContain(m.id);
      expect(await foundIds("kari", "defibrilatoren")).toContain(m.id);
    });

    it("finds old matches as well as new ones, and ranks the newer first", async () => {
      const old = await post("ola", department, "Stativet til dialysemaskinen er reparert");
      const older = await post("ola", department, "Dialysemaskinen skal på service");
      const daysAgo = (id: string, days: number) =>
        t.ctx.db
          .update(chatMessages)
          .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
          .where(eq(chatMessages.id, id));
      await daysAgo(old.id, 40);
      await daysAgo(older.id, 400);
      expect(await foundIds("kari", "dialysemaskin")).toEqual([old.id, older.id]);
    });

    it("keeps the department's words with its messages: added when written, gone with the last text that has them", async () => {
      const [thread] = await t.ctx.db.select().from(chatThreads).where(eq(chatThreads.id, department));
      const deptId = thread!.deptId;
      const wordsNow = async () =>
        (await t.ctx.db.select().from(searchWords).where(eq(searchWords.deptId, deptId))).map((w) => w.word);
      const one = await post("ola", department, "Sprøytepumpen på skyllerommet lekker ikke");
      const other = await post("ola", department, "Sprøytepumpen er byttet");
      // Folded, three letters or more, no stop words ('ikke').
      expect(await wordsNow()).toEqual(expect.arrayContaining(["sproytepumpen", "skyllerommet", "lekker"]));
      expect(await wordsNow()).not.toContain("ikke");
      expect(await foundIds("kari", "pumpen")).toEqual(expect.arrayContaining([one.id, other.id]));
      // An edit takes away what no other message has; the purge likewise.
      await t.ctx.db
        .update(chatMessages)
        .set({ content: "Sprøytepumpen er tett" })
        .where(eq(chatMessages.id, one.id));
      expect(await wordsNow()).not.toContain("skyllerommet");
      expect(await wordsNow()).toEqual(expect.arrayContaining(["sproytepumpen", "tett"]));
      await t.ctx.db.delete(chatMessages).where(eq(chatMessages.id, other.id));
      expect(await wordsNow()).toContain("sproytepumpen");
      await t.ctx.db
        .update(chatMessages)
        .set({ content: null, deletedAt: new Date() })
        .where(eq(chatMessages.id, one.id));
      expect(await wordsNow()).not.toContain("sproytepumpen");
      expect(await foundIds("kari", "pumpen")).not.toContain(one.id);
    });

    it("marks the matched words in a short piece of the message", async () => {
      const long = `${"Dette er en lang melding om mange ting. ".repeat(6)}Husk pumpeinstruksen på rom 4 i dag. ${"Mer tekst etterpå. ".repeat(6)}`;
      const m = await post("ola", department, long);
      const hit = (await find("kari", { q: "pumpe" })).messages.find((h) => h.id === m.id)!;
      expect(hit.snippet.length).toBeLessThan(long.length);
      expect(hit.snippet.startsWith("…")).toBe(true);
      expect(hit.highlights.map(([s, e]) => hit.snippet.slice(s, e))).toEqual(["pumpeinstruksen"]);
      expect(hit).toMatchObject({
        thread: { id: department, kind: "department", name: "Anestesi", shift: null },
        author: { userId: ids.ola, fullName: "Ola Nordmann" },
        fileCount: 0,
      });
    });

    it("holds foldNorwegian and the database's search_fold to one rule", async () => {
      const letters = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzæøåÆØÅäöéèêóòôüÄÖÉ -.1".split(""));
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.string({ unit: letters, maxLength: 20 }), { minLength: 1, maxLength: 20 }),
          async (texts) => {
            const result = (await t.ctx.db.execute(
              sql`select search_fold(x) as f from unnest(${sql.raw(`array[${texts.map((s) => `'${s.replaceAll("'", "''")}'`).join(",")}]`)}::text[]) with ordinality as u(x, i) order by i`,
            )) as unknown as { rows: { f: string }[] };
            expect(result.rows.map((r) => r.f)).toEqual(texts.map(foldNorwegian));
          },
        ),
        { numRuns: 30 },
      );
    });
  });

  describe("who finds what", () => {
    it("never returns a direct message to anyone but its two people, admins included", async () => {
      const m = await post("kari", dm, "Kodeordet er hemmeligsnegl");
      expect(await foundIds("ola", "hemmeligsnegl")).toEqual([m.id]);
      expect(await foundIds("kari", "hemmeligsnegl")).toEqual([m.id]);
      for (const who of ["leader", "admin", "secretary", "per"] as const)
        expect(await foundIds(who, "hemmeligsnegl"), who).toEqual([]);
    });

    it("never returns a private channel's messages to non-members, a public channel's to its department", async () => {
      const priv = threadIdOf(
        await as.leader.post("/api/chat/channels", { name: "Lukket søk", isPublic: false }),
      );
      const pub = threadIdOf(
        await as.leader.post("/api/chat/channels", { name: "Åpen søk", isPublic: true }),
      );
      await as.leader.post(`/api/chat/threads/${priv}/members`, { userIds: [ids.kari] });
      const secret = await post("leader", priv, "Lønnsoppgjøret kommer fredag");
      const open = await post("leader", pub, "Lønnsoppgjøret er åpent for alle");
      expect(await foundIds("kari", "lønnsoppgjøret")).toEqual(expect.arrayContaining([secret.id, open.id]));
      const ola = await foundIds("ola", "lønnsoppgjøret");
      expect(ola).toContain(open.id);
      expect(ola).not.toContain(secret.id);
      expect(await foundIds("per", "lønnsoppgjøret")).toEqual([]);
    });

    it("never returns another department's messages, nor its people", async () => {
      const intensiv = threadIdOf(await as.per.post("/api/chat/department"));
      const m = await post("per", intensiv, "Intensiv trenger respiratorslanger");
      expect(await foundIds("per", "respiratorslanger")).toEqual([m.id]);
      expect(await foundIds("kari", "respiratorslanger")).toEqual([]);
      const people = (await find("kari", { q: "per" })).people.map((p) => p.userId);
      expect(people).not.toContain(ids.per);
      expect((await find("ola", { q: "kari" })).people).toEqual([
        expect.objectContaining({ userId: ids.kari, highlights: [[0, 4]] }),
      ]);
    });

    it("looks in every department where one works, and only there", async () => {
      const intensiv = threadIdOf(await as.per.post("/api/chat/department"));
      const here = await post("ola", department, "Tverrfaglig møte om tromboseprofylakse");
      const there = await post("per", intensiv, "Tromboseprofylakse er endret på intensiv");
      const [kari] = await t.ctx.db.select().from(staff).where(eq(staff.userId, ids.kari));
      const [per] = await t.ctx.db.select().from(staff).where(eq(staff.userId, ids.per));
      const record = (deptId: string) => ({ deptId, role: kari!.role, isActive: true });
      // Kari as if she also worked at Intensiv: the search's own layers, one and two departments.
      const viewer = (deptIds: string[]) => ({
        actor: { userId: ids.kari, memberships: deptIds.map(record), currentDeptId: null },
        now: new Date(),
        env: t.ctx.policyEnv,
      });
      for (const q of ["tromboseprofylakse", "trombose", '"tromboseprofylakse er"']) {
        const both = await findHits(t.ctx.db, viewer([kari!.deptId, per!.deptId]), { q, kinds: threadKinds });
        const found = readableHits(viewer([kari!.deptId, per!.deptId]), both.messages, both.files);
        expect(found.messages.map((m) => m.id).sort(), q).toEqual(
          (q.startsWith('"') ? [there.id] : [here.id, there.id]).sort(),
        );
        const one = await findHits(t.ctx.db, viewer([kari!.deptId]), { q, kinds: threadKinds });
        expect(
          one.messages.map((m) => m.hit.id),
          q,
        ).toEqual(q.startsWith('"') ? [] : [here.id]);
      }
      const people = await findHits(t.ctx.db, viewer([kari!.deptId, per!.deptId]), {
        q: "per",
        kinds: threadKinds,
      });
      expect(people.people.map((p) => p.userId)).toContain(ids.per);
    });

    it("drops a deleted message at once, for its author too, and brings it back when restored", async () => {
      const m = await post("ola", department, "Glemte nøkkelkortet mitt på badet");
      expect(await foundIds("kari", "nøkkelkortet")).toEqual([m.id]);
      expect((await as.ola.request("DELETE", `/api/chat/messages/${m.id}`)).statusCode).toBe(200);
      expect(await foundIds("kari", "nøkkelkortet")).toEqual([]);
      expect(await foundIds("ola", "nøkkelkortet")).toEqual([]);
      expect((await as.ola.post(`/api/chat/messages/${m.id}/restore`)).statusCode).toBe(200);
      expect(await foundIds("kari", "nøkkelkortet")).toEqual([m.id]);
    });
  });

  it("returns exactly what thread.read lets each person read, over every kind of thread and both departments", async () => {
    const threads = [
      department,
      dm,
      threadIdOf(await as.ola.post("/api/chat/direct", { userId: ids.leader })),
      threadIdOf(await as.kari.post("/api/chat/shift")),
      threadIdOf(await as.per.post("/api/chat/department")),
      threadIdOf(await as.per.post("/api/chat/shift")),
      threadIdOf(await as.leader.post("/api/chat/channels", { name: "Matrise åpen", isPublic: true })),
      threadIdOf(await as.leader.post("/api/chat/channels", { name: "Matrise lukket", isPublic: false })),
      threadIdOf(await as.leader.post("/api/chat/channels", { name: "Matrise med Kari", isPublic: false })),
    ];
    await as.leader.post(`/api/chat/threads/${threads[8]}/members`, { userIds: [ids.kari] });
    const writers: Record<string, DemoName> = {
      [dm]: "kari",
      [threads[2]!]: "ola",
      [threads[4]!]: "per",
      [threads[5]!]: "per",
    };
    const messages = new Map<string, string>();
    for (const thread of threads) {
      const m = await post(writers[thread] ?? "leader", thread, "Matriseprøven gjelder alle tråder");
      messages.set(m.id, thread);
    }
    const loaded = (await Promise.all(threads.map((id) => loadThread(t.ctx.db, id)))).filter(
      (th) => th !== null,
    );
    for (const who of Object.keys(demo) as DemoName[]) {
      const records = await t.ctx.db.select().from(staff).where(eq(staff.userId, ids[who]));
      const actor = {
        userId: ids[who],
        memberships: records.map((r) => ({ deptId: r.deptId, role: r.role, isActive: r.isActive })),
        currentDeptId: null,
      };
      const readable = loaded
        .filter((th) => may(actor, "thread.read", th, t.ctx.policyEnv))
        .map((th) => th.id);
      const found = (await find(who, { q: "matriseprøven" })).messages.map((m) => messages.get(m.id));
      expect(found.sort(), who).toEqual(readable.sort());
      // Each of the two layers alone: the query's scope, and the policy's word on its hits.
      const viewer = { actor, now: new Date(), env: t.ctx.policyEnv };
      const request = { q: "matriseprøven", kinds: threadKinds };
      const asked = await findHits(t.ctx.db, viewer, request);
      expect(asked.messages.map((f) => messages.get(f.hit.id)).sort(), `${who}: query`).toEqual(
        readable.sort(),
      );
      const byId = new Map(loaded.map((th) => [th.id, th]));
      const everyHit = [...messages].map(([id, thread]) => ({
        hit: { id, thread: { id: thread } } as MessageHit,
        thread: byId.get(thread)!,
      }));
      const kept = readableHits(viewer, everyHit, []);
      expect(kept.messages.map((m) => m.thread.id).sort(), `${who}: policy`).toEqual(readable.sort());
    }
  });

  describe("files and filters", () => {
    it("finds a file by part of its name, with its message and thread", async () => {
      const up = await as.kari.request(
        "POST",
        `/api/chat/threads/${department}/attachments`,
        ...Object.values(multipartFile("Vaktliste-desember.pdf", pdf())),
      );
      expect(up.statusCode, up.body).toBe(201);
      const m = await post("kari", department, "Her er lista", [up.json().id]);
      const { files } = await find("ola", { q: "vaktliste" });
      expect(files).toEqual([
        expect.objectContaining({
          id: up.json().id,
          messageId: m.id,
          kind: "pdf",
          name: "Vaktliste-desember.pdf",
        }),
      ]);
      expect(files[0]?.highlights).toEqual([[0, 9]]);
      expect((await find("ola", { q: "lista", hasFile: "true" })).messages.map((h) => h.id)).toEqual([m.id]);
      expect((await find("per", { q: "vaktliste" })).files).toEqual([]);
    });

    it("lists files newest first, leaving out those of deleted messages", async () => {
      const upload = async (name: string) => {
        const up = await as.kari.request(
          "POST",
          `/api/chat/threads/${department}/attachments`,
          ...Object.values(multipartFile(name, pdf())),
        );
        expect(up.statusCode, up.body).toBe(201);
        return up.json().id as string;
      };
      const older = await upload("Sengepost-plan-1.pdf");
      await post("kari", department, "Plan 1", [older]);
      const deleted = await upload("Sengepost-plan-2.pdf");
      const gone = await post("kari", department, "Plan 2", [deleted]);
      const newer = await upload("Sengepost-plan-3.pdf");
      await post("kari", department, "Plan 3", [newer]);
      const del = await as.kari.request("DELETE", `/api/chat/messages/${gone.id}`);
      expect(del.statusCode, del.body).toBe(200);
      expect((await find("ola", { q: "sengepost" })).files.map((f) => f.id)).toEqual([newer, older]);
    });

    it("narrows by 'Fra', 'I', 'Før' and 'Etter', and searches by a filter alone", async () => {
      const byKari = await post("kari", department, "Sjekk medisinrommet i dag");
      const byOla = await post("ola", department, "Medisinrommet er ryddet");
      const inDm = await post("ola", dm, "Medisinrommet trenger ny kode");
      const ids_ = async (q: SearchQuery) => (await find("kari", q)).messages.map((m) => m.id);
      expect(await ids_({ q: "medisinrommet", from: ids.ola })).toEqual(
        expect.arrayContaining([byOla.id, inDm.id]),
      );
      expect(await ids_({ q: "medisinrommet", from: ids.ola })).not.toContain(byKari.id);
      expect(await ids_({ q: "medisinrommet", thread: dm })).toEqual([inDm.id]);
      expect(await ids_({ q: "", thread: dm, from: ids.ola })).toContain(inDm.id);
      const today = new Date().toISOString().slice(0, 10);
      expect(await ids_({ q: "medisinrommet", before: today })).toEqual([]);
      expect(await ids_({ q: "medisinrommet", after: today })).toEqual([]);
      expect(await ids_({ q: "medisinrommet", after: "2020-01-01" })).toHaveLength(3);
    });

    it("refuses a query of one letter without a filter, and a bad date, with 400", async () => {
      for (const q of ["?q=a", "?q=%20%20", "?q=vakt&before=2026-02-30", "?q=vakt&from=kari"]) {
        const res = await as.kari.get(`/api/search${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().error.code).toBe("validation_failed");
      }
    });

    it("asks for a sign-in (401)", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/search?q=vakt" });
      expect(res.statusCode).toBe(401);
    });
  });

  it("answers searches sent at once when the database runs one at a time (SEARCH_CONCURRENCY=1)", async () => {
    const single = await createTestApp({ SEARCH_CONCURRENCY: "1" });
    try {
      const clients = await demoClients(single, await demoIds(single));
      const alone = (await clients.kari.get("/api/search?q=vakt")).json();
      const together = await Promise.all(
        [clients.kari, clients.ola, clients.kari, clients.ola].map((c) => c.get("/api/search?q=vakt")),
      );
      expect(together.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      expect(together[0]!.json()).toEqual(alone);
    } finally {
      await single.close();
    }
  });

  it("limits how often one person searches (429 rate_limited)", async () => {
    const limited = await createTestApp({ SEARCH_PER_MINUTE: "3" });
    try {
      const lids = await demoIds(limited);
      const clients = await demoClients(limited, lids);
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await clients.kari.get("/api/search?q=vakt")).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const refused = await clients.kari.get("/api/search?q=vakt");
      expect(refused.json()).toEqual({
        error: { code: "rate_limited", message: errorMessages.rate_limited },
      });
      // Another person is counted apart.
      expect((await clients.ola.get("/api/search?q=vakt")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
