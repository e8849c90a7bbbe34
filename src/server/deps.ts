import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Clock } from './clock';
import type { CompanyProfileHolder } from './company/store';
import type { ProductCatalog } from './product/catalog';
import type { Providers } from './providers/registry';

/** What every module's routes and services receive from the app factory. */
export interface AppDeps {
  readonly db: Db;
  readonly config: AppConfig;
  readonly clock: Clock;
  /** The company profile in force (config.company reads it): saved by an ADMIN, else the configured one. */
  readonly companyProfile: CompanyProfileHolder;
  /** The loan product versions (code and ADMIN-created); `current` is offered, a loan keeps its own. */
  readonly products: ProductCatalog;
  /** The payment and payout providers (src/server/providers/registry.ts): modules never name one. */
  readonly providers: Providers;
}
