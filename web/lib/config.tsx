/**
 * The app configuration (/api/config) and the brand (/brand/brand.default.json),
 * loaded once at start. Without the configuration nothing can work ('Konfigurasjonsfeil');
 * without the brand the defaults are fine (spec §8: log a warning, use defaults).
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, use, useEffect, useRef } from "react";
import { type BrandConfig, brandConfig, defaultBrand, type FeatureFlag } from "../../common/schemas/brand.ts";
import { type AppConfig, appConfig } from "../../common/schemas/config.ts";
import { ui } from "../../common/texts/index.ts";
import { FullPageError, FullPageSpinner } from "../components/full-page.tsx";
import { OfflineStart } from "../components/offline-notice.tsx";
import { apiFetch } from "./api.ts";
import { appKeys } from "./query.ts";
import { useOnline } from "./use-online.ts";

interface ConfigValue {
  config: AppConfig;
  brand: BrandConfig;
}

const ConfigContext = createContext<ConfigValue | null>(null);

async function loadBrand(): Promise<BrandConfig> {
  try {
    return await apiFetch("/brand/brand.default.json", { schema: brandConfig });
  } catch (err) {
    console.warn("Brand configuration could not be loaded; using the default brand.", err);
    return defaultBrand;
  }
}

const cssVar = (key: string) => `--brand-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

function applyBrand(brand: BrandConfig) {
  const root = document.documentElement.style;
  for (const [key, value] of Object.entries(brand.colors)) root.setProperty(cssVar(key), value);
  document.title = brand.name;
  // The browser's and the installed app's title bar in the brand's colour, as the manifest says.
  document
    .querySelector<HTMLMetaElement>('meta[name="theme-color"]')
    ?.setAttribute("content", brand.colors.primary);
  if (brand.branding.brandingEnabled && brand.branding.favicon) {
    document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.setAttribute("href", brand.branding.favicon);
  }
}

/** Both once per page load; main.tsx asks for them before the first screen's code. */
export const configQuery = queryOptions({
  queryKey: appKeys.config,
  queryFn: () => apiFetch("/api/config", { schema: appConfig }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});
export const brandQuery = queryOptions({
  queryKey: appKeys.brand,
  queryFn: loadBrand,
  staleTime: Number.POSITIVE_INFINITY,
});

export function ConfigProvider({ children }: { children: ReactNode }) {
  const config = useQuery(configQuery);
  const brand = useQuery(brandQuery);

  useEffect(() => {
    if (brand.data) applyBrand(brand.data);
  }, [brand.data]);

  // Opened from the service worker's cache without a network: say so rather than blame
  // the configuration, and go on by itself when the network is back.
  // Only on the way back online: a configuration that fails while online is asked again by
  // its retry button, not in a loop (a refetch without data sets the query pending again).
  const online = useOnline();
  const wasOnline = useRef(online);
  const { refetch } = config;
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && !config.data) void refetch();
  }, [online, config.data, refetch]);
  if (!online && !config.data) return <OfflineStart />;

  if (config.isError)
    return (
      <FullPageError
        title={ui.config.errorTitle}
        body={ui.config.errorBody}
        onRetry={() => config.refetch()}
      />
    );
  if (!config.data || !brand.data) return <FullPageSpinner label={ui.config.loading} />;
  return <ConfigContext value={{ config: config.data, brand: brand.data }}>{children}</ConfigContext>;
}

export function useConfig(): ConfigValue {
  const value = use(ConfigContext);
  if (!value) throw new Error("useConfig outside ConfigProvider");
  return value;
}

/** Feature flags come from the server's config: the server enforces them too. */
export function useFeature(flag: FeatureFlag): boolean {
  return useConfig().config.features[flag];
}
