import { Link } from "react-router";
import { cn } from "../lib/cn.ts";
import { useConfig } from "../lib/config.tsx";
import { paths } from "../lib/paths.ts";

/** The brand's logo image when it has one, else its mark and logo text. Links home. */
export function BrandLogo({ className, inverted = true }: { className?: string; inverted?: boolean }) {
  const { brand } = useConfig();
  const logo = brand.branding.brandingEnabled ? brand.branding.logo : null;
  return (
    <Link
      to={paths.home}
      className={cn(
        "flex min-h-10 items-center gap-2.5 rounded-md font-semibold tracking-tight",
        inverted ? "text-primary-fg focus-visible:outline-primary-fg" : "text-primary",
        className,
      )}
    >
      {logo ? (
        <img src={logo} alt={brand.name} className="h-8 w-auto" />
      ) : (
        <>
          <span
            aria-hidden
            className={cn(
              "flex size-8 items-center justify-center rounded-lg text-base font-bold",
              inverted ? "bg-primary-fg text-primary" : "bg-primary text-primary-fg",
            )}
          >
            {brand.logoText.slice(0, 1)}
          </span>
          <span className="text-lg">{brand.logoText}</span>
        </>
      )}
    </Link>
  );
}
