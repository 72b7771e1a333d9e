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

/**
 * Where a long word of a title may break in the phone's narrow header: a soft hyphen at
 * the compound's seam, so it reads "Direkte-/meldinger" and never "Direktemeld/inger"
 * (no browser here has a Norwegian hyphenation dictionary to find the seam itself).
 */
const seams: Record<string, string> = {
  Direktemeldinger: "Direkte\u00ADmeldinger",
  Ekstravakter: "Ekstra\u00ADvakter",
  ekstravakter: "ekstra\u00ADvakter",
};

export const breakableTitle = (title: string): string =>
  title.replace(/\p{L}+/gu, (word) => seams[word] ?? word);
