import { withoutBidiControls } from "../../common/domain/bidi.ts";

/**
 * A name someone wrote (a person's, a channel's, a department's, a file's) as displayed:
 * without bidirectional controls and isolated, so it neither shows other than it reads
 * ('\u202Egnp.exe') nor turns the words around it. A name that goes into a sentence or
 * an attribute goes through `withoutBidiControls` itself.
 */
export function UserText({ children }: { children: string }) {
  return <bdi>{withoutBidiControls(children)}</bdi>;
}
