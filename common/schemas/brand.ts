import { z } from "zod";

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const featureFlags = z.object({
  channels: z.boolean(),
  shifts: z.boolean(),
  shiftChat: z.boolean(),
  swaps: z.boolean(),
  swapsAutomatch: z.boolean(),
  chatAttachments: z.boolean(),
  chatReactions: z.boolean(),
  chatModerationBlocking: z.boolean(),
  devSwitcher: z.boolean(),
  /** the outcome dialog's 'Du fikk vakten' / 'Du fikk ikke' banner (spec §4: switched off) */
  shiftOutcomeBanner: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlags>;
export type FeatureFlag = keyof FeatureFlags;

export const brandConfig = z.object({
  name: z.string(),
  logoText: z.string(),
  tagline: z.string(),
  colors: z.object({
    primary: hex,
    primaryFg: hex,
    secondary: hex,
    secondaryFg: hex,
    muted: hex,
    mutedFg: hex,
    border: hex,
    success: hex,
    warning: hex,
    error: hex,
  }),
  branding: z.object({
    favicon: z.string().nullable(),
    logo: z.string().nullable(),
    brandingEnabled: z.boolean(),
  }),
  features: featureFlags,
  limits: z.object({
    maxUploadMB: z.number().positive(),
    allowedMimeTypes: z.array(z.string()),
  }),
});
export type BrandConfig = z.infer<typeof brandConfig>;

/** What an operator's BRAND_FILE may hold: any part of the brand, deeply partial. */
export const brandOverride = z.object({
  name: z.string().optional(),
  logoText: z.string().optional(),
  tagline: z.string().optional(),
  colors: brandConfig.shape.colors.partial().optional(),
  branding: brandConfig.shape.branding.partial().optional(),
  features: featureFlags.partial().optional(),
  limits: brandConfig.shape.limits.partial().optional(),
});
export type BrandOverride = z.infer<typeof brandOverride>;

export const defaultBrand: BrandConfig = {
  name: "Vaktrom",
  logoText: "Vaktrom",
  tagline: "Chat, ekstravakter og vaktbytter for avdelingen",
  colors: {
    primary: "#1F3A5B",
    primaryFg: "#FFFFFF",
    secondary: "#E8EEF5",
    secondaryFg: "#1F3A5B",
    muted: "#F4F5F7",
    mutedFg: "#5B6573",
    border: "#D9DEE5",
    success: "#1E7F4F",
    warning: "#B45309",
    error: "#B42318",
  },
  branding: { favicon: null, logo: null, brandingEnabled: true },
  features: {
    channels: true,
    shifts: true,
    shiftChat: true,
    swaps: true,
    swapsAutomatch: true,
    chatAttachments: true,
    chatReactions: true,
    chatModerationBlocking: false,
    devSwitcher: false,
    shiftOutcomeBanner: false,
  },
  limits: { maxUploadMB: 20, allowedMimeTypes: ["image/*", "application/pdf"] },
};

export function mergeBrand(base: BrandConfig, o: BrandOverride): BrandConfig {
  return {
    name: o.name ?? base.name,
    logoText: o.logoText ?? base.logoText,
    tagline: o.tagline ?? base.tagline,
    colors: { ...base.colors, ...o.colors },
    branding: { ...base.branding, ...o.branding },
    features: { ...base.features, ...o.features },
    limits: { ...base.limits, ...o.limits },
  };
}
