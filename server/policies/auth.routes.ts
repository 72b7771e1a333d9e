/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of the public routes: signing
 * in, registering and the app's own health and configuration answer whoever asks.
 */
import { everyone, type RouteTable } from "../test/access-matrix.ts";

export const authRoutes: RouteTable = {
  "GET /api/health": everyone,
  "GET /api/config": everyone,
  "GET /api/auth/session": everyone,
  "POST /api/auth/magic-link": everyone,
  "POST /api/auth/magic-link/verify": everyone,
  "POST /api/auth/register": everyone,
  "POST /api/auth/confirm": everyone,
  "POST /api/auth/sign-in": everyone,
  "POST /api/auth/password-reset": everyone,
  "POST /api/auth/password-reset/confirm": everyone,
  "POST /api/auth/sign-out": everyone,
};
