/**
 * A fake working-time API for web tests (issue 28), laid over the fake a feature's test
 * installed first (`shiftsServer`, `usersServer`): a department's rules and competences,
 * people's contracts, and the check before 'Jeg er interessert'. Writes change the data
 * as the server would; every call is recorded; `reply` overrides any answer.
 */
import { lawWorkLimits, outerWorkLimits } from "../../common/domain/working-time.ts";
import type { CompetenceDto, StaffWorkDto, TakeCheckDto, WorkRulesDto } from "../../common/schemas/work.ts";
import { type Answer, type Call, type Reply, serveFeatureApi } from "./feature-api.ts";

export const competenceIds = {
  anestesi: "c0de0000-0000-4000-8000-000000000001",
  barn: "c0de0000-0000-4000-8000-000000000002",
} as const;

/** Anestesisykepleier (3 hold it) and Barnesykepleier (none). */
export const someCompetences = (): CompetenceDto[] => [
  { id: competenceIds.anestesi, name: "Anestesisykepleier", holders: 3 },
  { id: competenceIds.barn, name: "Barnesykepleier", holders: 0 },
];

/** The law's limits, 'Deltid først' off. */
export const lawRules = (deptId: string): WorkRulesDto => ({
  deptId,
  ...lawWorkLimits,
  partTimeFirst: false,
  minRestHours: 11,
  law: lawWorkLimits,
  outer: outerWorkLimits,
});

/** What the check says when nothing stands in the way. */
export const mayTake = (shiftId: string): TakeCheckDto => ({
  shiftId,
  may: true,
  refusals: [],
  warnings: [],
  figures: { dayHours: 8, overtimeWeek: 0, overtime4Weeks: 0, overtimeYear: 0 },
});

const ok = (body: unknown): Reply => ({ status: 200, body });
const notFound: Reply = { status: 404, body: { error: { code: "not_found", message: "Fant ikke" } } };
const deptPath = /^\/api\/departments\/([^/]+)\/(work-rules|competences(?:\/[^/]+)?|staff\/[^/]+\/work)$/;
const checkPath = /^\/api\/shifts\/([^/]+)\/eligibility$/;

export function workServer({
  competences = someCompetences(),
  contracts = {} as Record<string, Omit<StaffWorkDto, "deptId" | "userId">>,
  checks = {} as Record<string, TakeCheckDto>,
}: {
  competences?: CompetenceDto[];
  /** by `${deptId}/${userId}`; anyone else: 100 %, 35,5 hours, no competence */
  contracts?: Record<string, Omit<StaffWorkDto, "deptId" | "userId">>;
  /** the check per shift; `mayTake` for the rest */
  checks?: Record<string, TakeCheckDto>;
} = {}) {
  const state = {
    rules: new Map<string, WorkRulesDto>(),
    competences: [...competences],
    contracts: { ...contracts },
    checks: { ...checks },
  };
  const calls: Call[] = [];
  const reply: Record<string, Answer> = {};
  let made = 0;

  function answer({ method, url, body }: Call): Reply | undefined {
    const check = checkPath.exec(url.pathname);
    if (check && method === "GET") return ok(state.checks[check[1]!] ?? mayTake(check[1]!));
    const m = deptPath.exec(url.pathname);
    if (!m) return undefined;
    const [, deptId, rest] = m as unknown as [string, string, string];
    const [kind, id] = rest.split("/") as [string, string | undefined];
    if (kind === "work-rules") {
      if (method === "PUT") state.rules.set(deptId, { ...lawRules(deptId), ...(body as object) });
      return ok(state.rules.get(deptId) ?? lawRules(deptId));
    }
    if (kind === "competences") {
      if (method === "GET" && !id) return ok({ competences: state.competences });
      if (method === "POST" && !id) {
        made += 1;
        const competence = {
          id: `c0de0000-0000-4000-8000-${String(100 + made).padStart(12, "0")}`,
          name: (body as { name: string }).name,
          holders: 0,
        };
        state.competences.push(competence);
        return { status: 201, body: competence };
      }
      const found = state.competences.find((c) => c.id === id);
      if (!found) return notFound;
      if (method === "PATCH") {
        found.name = (body as { name: string }).name;
        return ok(found);
      }
      if (method === "DELETE") {
        state.competences = state.competences.filter((c) => c !== found);
        return ok({ ok: true });
      }
      return undefined;
    }
    if (kind === "staff" && id) {
      const key = `${deptId}/${id}`;
      if (method === "PUT") state.contracts[key] = body as StaffWorkDto;
      const contract = state.contracts[key] ?? {
        positionPercent: 100,
        fullTimeHours: 35.5,
        competenceIds: [],
      };
      return ok({ ...contract, deptId, userId: id });
    }
    return undefined;
  }

  const callsTo = serveFeatureApi(
    (path) => deptPath.test(path) || checkPath.test(path),
    calls,
    reply,
    answer,
  );
  return { state, calls, reply, callsTo };
}
