import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Clock } from './clock';

/** What every module's routes and services receive from the app factory. */
export interface AppDeps {
  readonly db: Db;
  readonly config: AppConfig;
  readonly clock: Clock;
}
