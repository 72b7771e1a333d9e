/**
 * The label 'Min profil' shows for a device: 'Chrome på Android'. Made from the
 * User-Agent once, when the device subscribes; only the label is kept (a User-Agent is a
 * fingerprint, and the label is all the list needs). Order matters: Edge, Opera and
 * Samsung Internet also say "Chrome", and Chrome also says "Safari".
 */
import { ui } from "../../../common/texts/index.ts";

const browsers: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const systems: readonly [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (list: readonly [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1];

export function browserLabel(userAgent: string | undefined): string {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = first(browsers, ua);
  if (!browser) return ui.push.unknownBrowser;
  const system = first(systems, ua);
  return system ? ui.push.browserOn(browser, system) : browser;
}
