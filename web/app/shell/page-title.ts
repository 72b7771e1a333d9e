import { type UIMatch, useMatches } from "react-router";
import { ui } from "../../../common/texts/index.ts";

/** What a route of the shell declares (its `handle`): the title of the mobile header. */
export interface PageHandle {
  title: string;
}

const titleOf = (match: UIMatch) => (match.handle as Partial<PageHandle> | undefined)?.title;

/** The title of the deepest route that has one; a page without (not found) is the 'Oversikt'. */
export function usePageTitle(): string {
  return (
    useMatches()
      .map(titleOf)
      .findLast((title) => title !== undefined) ?? ui.nav.overview
  );
}
