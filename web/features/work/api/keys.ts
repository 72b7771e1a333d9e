import type { QueryKey } from "@tanstack/react-query";

/**
 * The working-time queries' keys. Everything starts with "work"; the department's
 * competences sit under the same key wherever they are read (the shift form, 'Rediger
 * bruker'), so a change here shows there too.
 */
export const workKeys = {
  all: ["work"],
  rules: (deptId: string) => ["work", "rules", deptId],
  competences: (deptId: string) => ["work", "competences", deptId],
} as const satisfies Record<string, QueryKey | ((arg: never) => QueryKey)>;

const enc = encodeURIComponent;

/** A department's path under the API, its ids encoded. */
export const rulesPath = (deptId: string) => `/api/departments/${enc(deptId)}/work-rules`;
export const competencesPath = (deptId: string, competenceId?: string) =>
  `/api/departments/${enc(deptId)}/competences${competenceId ? `/${enc(competenceId)}` : ""}`;
