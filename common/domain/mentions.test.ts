import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findMentions, mentionQueryAt, onBlockOf, reachOf, unheldRoles } from "./mentions.ts";

const roles = [
  { id: "r-ans", name: "Ansvarshavende sykepleier" },
  { id: "r-lege", name: "Vakthavende lege" },
  { id: "r-vakthavende", name: "Vakthavende" },
  { id: "r-koord", name: "Koordinator" },
];
const people = [
  { userId: "u-kari", fullName: "Kari Nordmann" },
  { userId: "u-ola", fullName: "Ola Nordmann" },
];
const candidates = { roles, people };

describe("findMentions", () => {
  it("finds '@vakt' as a whole word, whatever the case", () => {
    expect(findMentions("@vakt kom", candidates).vakt).toBe(true);
    expect(findMentions("Hei @VAKT!", candidates).vakt).toBe(true);
    expect(findMentions("@vakta", candidates).vakt).toBe(false);
    expect(findMentions("post@vakt.no", candidates).vakt).toBe(false);
  });

  it("finds roles by name with spaces, the longest that fits", () => {
    expect(findMentions("@ansvarshavende Sykepleier, kom", candidates).roleIds).toEqual(["r-ans"]);
    expect(findMentions("@Vakthavende lege nå", candidates).roleIds).toEqual(["r-lege"]);
    expect(findMentions("@Vakthavende nå", candidates).roleIds).toEqual(["r-vakthavende"]);
    expect(findMentions("@Koordinatoren", candidates).roleIds).toEqual([]);
  });

  it("finds people by full name, each once", () => {
    const m = findMentions("@Kari Nordmann og @ola nordmann og @Kari Nordmann", candidates);
    expect(m.userIds).toEqual(["u-kari", "u-ola"]);
    expect(findMentions("@Kari", candidates).userIds).toEqual([]);
  });

  it("finds nothing in text without '@'", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("@")),
        (text) => {
          expect(findMentions(text, candidates)).toEqual({ vakt: false, roleIds: [], userIds: [] });
        },
      ),
    );
  });

  it("finds every name written as a mention between other words, in any case", () => {
    const names = fc.constantFrom(...roles.map((r) => r.name), ...people.map((p) => p.fullName), "vakt");
    const filler = fc.string().map((s) => s.replace(/[@\p{L}\p{N}_]/gu, " "));
    fc.assert(
      fc.property(filler, names, fc.boolean(), filler, (before, name, upper, after) => {
        const written = upper ? name.toUpperCase() : name;
        const m = findMentions(
          `${before} @${written}${after.startsWith(" ") ? after : ` ${after}`}`,
          candidates,
        );
        if (name === "vakt") expect(m.vakt).toBe(true);
        else {
          const role = roles.find((r) => r.name === name);
          if (role) expect(m.roleIds).toEqual([role.id]);
          else expect(m.userIds).toEqual([people.find((p) => p.fullName === name)!.userId]);
        }
      }),
    );
  });

  it("never mentions a role or a person that is not a candidate", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("@", " ", "a", "K", "v", "k", "t", "V") }), (text) => {
        const m = findMentions(text, candidates);
        for (const id of m.roleIds) expect(roles.map((r) => r.id)).toContain(id);
        for (const id of m.userIds) expect(people.map((p) => p.userId)).toContain(id);
      }),
    );
  });
});

const duty = {
  holders: [
    { roleId: "r-ans", roleName: "Ansvarshavende sykepleier", userId: "u-kari" },
    { roleId: "r-lege", roleName: "Vakthavende lege", userId: "u-lege" },
  ],
  onShift: ["u-ola", "u-kari", "u-per"],
};

describe("reachOf", () => {
  it("reaches a role's holder as that role", () => {
    const m = findMentions("@Ansvarshavende sykepleier", candidates);
    expect(reachOf(m, duty, { senderId: "u-ola" })).toEqual([
      { userId: "u-kari", via: "role", roleName: "Ansvarshavende sykepleier" },
    ]);
  });

  it("reaches everyone on the block with '@vakt', but not the sender", () => {
    const m = findMentions("@vakt", candidates);
    const reach = reachOf(m, duty, { senderId: "u-ola" });
    expect(reach.map((r) => r.userId).sort()).toEqual(["u-kari", "u-lege", "u-per"]);
    expect(reach.every((r) => r.via === "vakt")).toBe(true);
  });

  it("reaches the other person of a direct thread, and the block for urgent without mentions", () => {
    const none = findMentions("Hei", candidates);
    expect(reachOf(none, duty, { senderId: "u-ola", directWith: "u-kari" })).toEqual([
      { userId: "u-kari", via: "dm" },
    ]);
    expect(reachOf(none, duty, { senderId: "u-ola" })).toEqual([]);
    expect(reachOf(none, duty, { senderId: "u-ola", urgent: true }).map((r) => r.via)).toEqual([
      "block",
      "block",
      "block",
    ]);
  });

  it("reaches each person once, never the sender, role before name before '@vakt'", () => {
    const texts = fc.array(
      fc.constantFrom("@vakt", "@Kari Nordmann", "@Ansvarshavende sykepleier", "@Vakthavende lege", "hei"),
      {
        maxLength: 6,
      },
    );
    const sender = fc.constantFrom("u-ola", "u-kari", "u-lege", "u-x");
    fc.assert(
      fc.property(texts, sender, fc.boolean(), (parts, senderId, urgent) => {
        const reach = reachOf(findMentions(parts.join(" "), candidates), duty, { senderId, urgent });
        const ids = reach.map((r) => r.userId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).not.toContain(senderId);
        const kari = reach.find((r) => r.userId === "u-kari");
        if (kari && parts.includes("@Ansvarshavende sykepleier")) expect(kari.via).toBe("role");
        else if (kari && parts.includes("@Kari Nordmann")) expect(kari.via).toBe("name");
        for (const r of reach)
          if (r.via === "vakt" || r.via === "block") expect(onBlockOf(duty)).toContain(r.userId);
      }),
    );
  });
});

describe("unheldRoles and mentionQueryAt", () => {
  it("names mentioned roles nobody holds", () => {
    const m = findMentions("@Koordinator og @Vakthavende lege", candidates);
    expect(unheldRoles(m, roles, duty)).toEqual(["Koordinator"]);
  });

  it("finds the mention being typed", () => {
    expect(mentionQueryAt("Hei @Ansv", 9)).toEqual({ start: 4, query: "Ansv" });
    expect(mentionQueryAt("Hei @Vakthavende l", 18)).toEqual({ start: 4, query: "Vakthavende l" });
    expect(mentionQueryAt("post@vakt", 9)).toBeNull();
    expect(mentionQueryAt("Hei", 3)).toBeNull();
  });
});
