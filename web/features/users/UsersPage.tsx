import { Users } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import { ComingSoon, Page } from "../../components/page.tsx";

/** /admin/users ('Ansatte'): the frame until the user-administration issue fills it. */
export function UsersPage() {
  return (
    <Page title={ui.pages.users.title} subtitle={ui.pages.users.subtitle}>
      <ComingSoon icon={Users} />
    </Page>
  );
}
