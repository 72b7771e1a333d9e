import { ArrowLeftRight, CalendarClock, MessagesSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ui } from "../../../common/texts/index.ts";
import { BrandLogo } from "../../components/brand-logo.tsx";
import { useConfig } from "../../lib/config.tsx";

const highlights = [
  { icon: MessagesSquare, text: ui.authLayout.chat },
  { icon: CalendarClock, text: ui.authLayout.shifts },
  { icon: ArrowLeftRight, text: ui.authLayout.swaps },
];

/**
 * Browsers may break a line after a hyphen, leaving 'e-' alone at the end of a line on a
 * phone. Words with a hyphen are kept whole; the text (and so the accessible name) stays
 * the same.
 */
function KeepHyphenatedWords({ text }: { text: string }) {
  // split() with a capturing group: the hyphenated words are at the odd indexes.
  return text.split(/(\S*[^\s-]-[^\s-]\S*)/).map((part, i) =>
    i % 2 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text never move
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** The frame of the signed-out pages: the brand on the left (wide screens), the form on the right. */
export function AuthLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { brand } = useConfig();
  return (
    <div className="flex min-h-dvh bg-muted">
      <div className="hidden w-[44%] max-w-xl flex-col justify-between bg-primary p-10 text-primary-fg lg:flex">
        <BrandLogo />
        <div>
          <p className="text-3xl leading-tight font-semibold">{brand.tagline}</p>
          <ul className="mt-8 flex flex-col gap-4">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-[15px] text-primary-fg/90">
                <span className="flex size-9 items-center justify-center rounded-lg bg-white/10">
                  <Icon aria-hidden className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-primary-fg/75">{ui.authLayout.footer}</p>
      </div>
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="w-full max-w-md">
          <BrandLogo inverted={false} className="mb-8 justify-center lg:hidden" />
          <div className="rounded-xl border border-border bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-semibold tracking-tight text-ink">
              <KeepHyphenatedWords text={title} />
            </h1>
            {intro && <div className="mt-1.5 text-[15px] text-muted-fg">{intro}</div>}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
    </div>
  );
}

/** The line under an auth form that leads to the other form (login ↔ register). */
export function AuthSwitchLink({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p className="mt-6 border-t border-border pt-5 text-center text-sm text-muted-fg">
      {question}{" "}
      <Link to={to} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        <KeepHyphenatedWords text={label} />
      </Link>
    </p>
  );
}
