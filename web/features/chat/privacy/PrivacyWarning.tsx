import { Info, type LucideIcon, ShieldAlert, TriangleAlert } from "lucide-react";
import { memo } from "react";
import type { PrivacyConfidence } from "../../../../common/domain/privacy.ts";
import { ui } from "../../../../common/texts/index.ts";
import { cn } from "../../../lib/cn.ts";

const t = ui.privacy;

const looks: Record<PrivacyConfidence, { icon: LucideIcon; className: string }> = {
  high: { icon: ShieldAlert, className: "border-error/30 bg-error/10 font-medium text-error" },
  medium: { icon: TriangleAlert, className: "border-warning/30 bg-warning/10 text-warning-ink" },
  low: { icon: Info, className: "border-info/30 bg-info/10 text-info" },
};

/**
 * The field's colours per level, to merge after its own classes (`cn` lets later ones win):
 * the border and the focus outline, so the colour stays visible while typing in it.
 */
export function privacyFieldClass(level: PrivacyConfidence | null): string {
  switch (level) {
    case "high":
      return "border-error bg-error/5 focus-visible:border-error focus-visible:outline-error/40";
    case "medium":
      return "border-warning focus-visible:border-warning focus-visible:outline-warning/40";
    case "low":
      return "border-info focus-visible:border-info focus-visible:outline-info/40";
    default:
      return "";
  }
}

/**
 * The warning under the field. The live region is always in the page, empty when the text is
 * clean, since screen readers announce changes inside a region they already know, not a
 * region that appears with its text. Memoised on the level, so typing within one level
 * leaves the region's text untouched and nothing is announced again.
 */
export const PrivacyWarning = memo(function PrivacyWarning({
  id,
  level,
  className,
}: {
  /** for the field's `aria-describedby` */
  id?: string;
  level: PrivacyConfidence | null;
  className?: string;
}) {
  const look = level ? looks[level] : null;
  return (
    <div id={id} role="status" aria-live="polite" className={className}>
      {look && level && (
        <p
          className={cn(
            "mt-1.5 flex items-start gap-2 rounded-md border px-2.5 py-1.5 text-sm",
            look.className,
          )}
        >
          <look.icon aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{t[level]}</span>
        </p>
      )}
    </div>
  );
});
