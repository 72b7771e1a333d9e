import type { Feature } from "../../platform/feature.ts";
import { profileRoutes } from "./routes.ts";

/** Avatars and 'Min Profil' (spec §2 Profile, §5 Avatar). */
export const profileFeature: Feature = {
  name: "profile",
  routes: profileRoutes,
};
