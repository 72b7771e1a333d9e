/** What every feature gets: configuration, database, brand, auth, mail and the policy environment. */
import type { BrandConfig } from "../../common/schemas/brand.ts";
import type { Config } from "../config.ts";
import type { Db, Driver } from "../db/client.ts";
import type { PolicyEnv } from "../policies/index.ts";
import type { Auth } from "./auth.ts";
import type { MailSender } from "./mail.ts";

export interface AppContext {
  config: Config;
  db: Db;
  driver: Driver;
  brand: BrandConfig;
  auth: Auth;
  mail: MailSender;
  policyEnv: PolicyEnv;
}
