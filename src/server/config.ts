import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEMO_COMPANY_PROFILE, type CompanyProfile } from '../shared/company/profile';
import { companyProfileSchema } from '../shared/schemas/company';
import { isCatalogueKey, translateEn } from '../shared/i18n/lookup';
import { COLLECTION_PROVIDERS, PAYOUT_PROVIDERS, configName, type CollectionProviderName, type PayoutProviderName } from '../shared/providers/names';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';

/**
 * The process configuration: environment variables validated at boot (fail fast), and the
 * company profile. Every variable is documented in docs/configuration.md (kept true by
 * config-doc.test.ts) and .env.example.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address; default 127.0.0.1 (loopback) in the embedded mode, 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Origins allowed on unsafe methods, comma-separated; empty: the request's own host. */
  PUBLIC_ORIGIN: z.string().default(''),
  /** Path to a JSON company profile; empty: the DEMO profile. */
  COMPANY_PROFILE_FILE: z.string().default(''),
  /** Key for hashing one-time codes; required in production. */
  OTP_PEPPER: z.string().default(''),
  /**
   * Delivery of SMS and e-mail (src/server/modules/delivery, docs/decisions/013-delivery.md):
   * outbox (offline default: messages stay in the table, /dev/outbox shows them), http (an HTTP SMS
   * gateway with Semaphore's API: SMS_HTTP_BASE_URL, SMS_HTTP_API_KEY, SMS_SENDER_NAME), smtp
   * (SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_REQUIRE_TLS, SMTP_USER, SMTP_PASSWORD, SMTP_FROM,
   * SMTP_CA_FILE) or webhook (WEBHOOK_URL, WEBHOOK_SECRET: a signed JSON POST).
   */
  SMS_PROVIDER: z.enum(['outbox', 'http', 'webhook']).default('outbox'),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp', 'webhook']).default('outbox'),
  SMS_HTTP_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.semaphore.co'),
  SMS_HTTP_API_KEY: z.string().default(''),
  SMS_SENDER_NAME: z.string().max(11).default(''),
  SMTP_HOST: z.string().default(''),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_REQUIRE_TLS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SMTP_USER: z.string().default(''),
  SMTP_PASSWORD: z.string().default(''),
  SMTP_FROM: z.string().default(''),
  SMTP_CA_FILE: z.string().default(''),
  WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEBHOOK_SECRET: z.string().default(''),
  /** One delivery attempt's time limit; attempts before a message is DEAD; the first retry's wait (doubling after); a claim's lease. */
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  DELIVERY_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(10).max(3_600).default(120),
  /** Messages with the provider at once, and the most started a second (a morning's reminders leave at this pace). */
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(16),
  DELIVERY_MAX_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(100),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which X-Forwarded-For entries are the proxies' (http/trust-proxy.ts): false (none), true (one
   * hop: the proxy in front), a number of hops, or the proxies' addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'TRUST_PROXY must be false, true (one proxy), a number of proxy hops, or the proxies addresses and CIDR ranges.',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Serve the built web app from dist/web. */
  /** Where the built web app is (default dist/web). */
  WEB_DIR: z.string().default('dist/web'),
  SERVE_WEB: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Where ID and selfie images are kept. local: files under DATA_DIR/uploads (embedded mode);
   * s3: an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...), required in production, with
   * S3_ENDPOINT (https://s3.ap-southeast-1.amazonaws.com), S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID,
   * S3_SECRET_ACCESS_KEY, and S3_FORCE_PATH_STYLE (true: endpoint/bucket/key, as MinIO needs;
   * false: bucket.endpoint/key). The bucket must not be public: images are served only through the API.
   */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Exchange rates: snapshot (the shipped file, offline default) or http (RATES_URL answers
   * { base: "PHP", asOf, rates: { USD: "0.0171", ... } }, fetched every RATES_REFRESH_MINUTES and
   * stored; the shipped snapshot stays the fallback). RATES_TIMEOUT_MS bounds one fetch.
   */
  RATES_PROVIDER: z.enum(['snapshot', 'http']).default('snapshot'),
  RATES_URL: z.url({ protocol: /^https?$/ }).optional(),
  RATES_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  RATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Maker-checker: the officer who approved a loan cannot disburse it (on unless 'false'; production refuses 'false'). */
  LOAN_MAKER_CHECKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Loan servicing: an officer's recorded payment above REPAYMENT_APPROVAL_THRESHOLD
   * (PHP, whole pesos), counted with what the same officer alone posted on the loan in the last
   * MAKER_CHECKER_WINDOW_DAYS (30, decision 052), waits for a second officer's approval (maker-checker); REMINDERS_PER_DAY is
   * the most reminders one loan may get in a Philippine day.
   */
  REPAYMENT_APPROVAL_THRESHOLD: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
  REMINDERS_PER_DAY: z.coerce.number().int().min(0).max(10).default(2),
  /** Waiving late charges of more than WAIVER_APPROVAL_THRESHOLD (PHP, whole pesos) on a loan in the last MAKER_CHECKER_WINDOW_DAYS (30), by one officer alone, waits for a second officer's approval. */
  WAIVER_APPROVAL_THRESHOLD: z.coerce.number().int().min(0).max(100_000_000).default(5_000),
  /**
   * The arrears tolerance (decision 069; PHP, whole pesos): an instalment past its due date
   * with at most this much unpaid does not count as overdue (no late charge, no overdue day); the
   * shortfall is still owed. At most ₱100: a few pesos short, never a share of an instalment (the
   * smallest loan's instalment is thousands of pesos). 0 (the default) turns it off.
   */
  ARREARS_TOLERANCE: z.coerce.number().int().min(0).max(100).default(0),
  /**
   * Withdrawal payouts: simulated (offline default outside production: settles after
   * PAYOUT_SETTLE_SECONDS, fails a share PAYOUT_FAILURE_RATE of payouts) or manual (an officer marks
   * each payout paid or failed; the default in production, where simulated is refused).
   */
  PAYOUT_PROVIDER: z.enum(PAYOUT_PROVIDERS.map(configName)).optional(),
  PAYOUT_SETTLE_SECONDS: z.coerce.number().min(0).max(86_400).default(20),
  PAYOUT_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /**
   * Budgets of anonymous one-time codes (registration, password reset), per rolling hour: per client
   * address, per number prefix (country code and the first 6 digits of the national number) and in
   * all. Codes a signed-in member asks for (withdrawal, payout change, contract signing) are not
   * counted here: they have their own per-phone budget.
   */
  OTP_ANON_PER_ADDRESS_HOURLY: z.coerce.number().int().min(1).max(1_000_000).default(20),
  OTP_ANON_PER_PREFIX_HOURLY: z.coerce.number().int().min(1).max(1_000_000).default(10),
  OTP_ANON_GLOBAL_HOURLY: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /**
   * Loan payments through a payment channel (docs/decisions/013-payment-channels.md): simulated
   * (offline default: confirms COLLECTION_CONFIRM_SECONDS after the reference is made, lets a share
   * COLLECTION_EXPIRE_RATE expire unpaid) or xendit (Xendit's Payment Requests API). A reference
   * expires after COLLECTION_EXPIRY_HOURS. Production without xendit has no payment channels.
   */
  COLLECTION_PROVIDER: z.enum(COLLECTION_PROVIDERS.map(configName)).optional(),
  COLLECTION_CONFIRM_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  COLLECTION_EXPIRE_RATE: z.coerce.number().min(0).max(1).default(0),
  COLLECTION_EXPIRY_HOURS: z.coerce.number().min(1).max(720).default(24),
  /** Xendit (collections and payouts): API base URL, secret API key, the callback verification token, and the timeout of each call. */
  XENDIT_API_URL: z.string().url().default('https://api.xendit.co'),
  XENDIT_SECRET_KEY: z.string().optional(),
  /** At least XENDIT_CALLBACK_TOKEN_MIN_LENGTH characters when set (a short token is guessable and verifies forged callbacks). */
  XENDIT_CALLBACK_TOKEN: z.string().optional(),
  XENDIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Withdrawals are refused for this many hours after a change of payout account. */
  WITHDRAWAL_HOLD_AFTER_PAYOUT_CHANGE_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** The most transfers one withdrawal is split into (docs/decisions/033-split-withdrawals.md). */
  WITHDRAWAL_MAX_PARTS: z.coerce.number().int().min(1).max(50).default(10),
  /**
   * Years the records a lender must keep (loans, ledger, KYC and audit) are kept after a member's last
   * loan closes. The specification names no period: the lender's compliance officer sets it; nothing
   * is purged automatically (docs/decisions/029-data-deletion-review.md).
   */
  RECORD_RETENTION_YEARS: z.coerce.number().int().min(1).max(50).default(5),
  /** How often the in-process worker looks for work (withdrawal expiry and settlement), in ms. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  /** How often the servicing worker runs the daily job (accruals, late charges, reminders), in ms; each loan and day is claimed once whatever the interval. */
  SERVICING_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(300_000),
  /** An empty embedded DATA_DIR starts as a copy of the migrated template in node_modules/.cache/tapat (false: PGlite runs initdb). */
  PGLITE_TEMPLATE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Shards per hot system account (PAYOUT_CLEARING, LOANS_RECEIVABLE, ...): a loan or withdrawal uses the one its id hashes to (docs/decisions/030). */
  LEDGER_SYSTEM_SHARDS: z.coerce.number().int().min(1).max(64).default(8),
  /** Graceful shutdown (SIGTERM, SIGINT): how long requests in flight and job passes may take before the process exits anyway, in ms. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
});

/** Where uploaded images are kept (see STORAGE_DRIVER). */
export type StorageConfig =
  | { readonly driver: 'local'; readonly dir: string }
  | {
      readonly driver: 's3';
      readonly endpoint: string;
      readonly region: string;
      readonly bucket: string;
      readonly accessKeyId: string;
      readonly secretAccessKey: string;
      readonly forcePathStyle: boolean;
    };

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  readonly env: Env['NODE_ENV'];
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly publicOrigins: readonly string[];
  readonly company: CompanyProfile;
  readonly otpPepper: string;
  readonly logLevel: Env['LOG_LEVEL'];
  /** Which X-Forwarded-For entries to trust (http/trust-proxy.ts): never `true`, which would let a client choose its address. */
  readonly trustProxy: TrustProxy;
  readonly serveWeb: boolean;
  readonly webDir: string;
  /** The outbox page and API (/dev/outbox) and the movable clock (/api/dev/clock) exist only outside production. */
  readonly devTools: boolean;
  /** Uploaded images (ID, selfie); `dir` of the local driver defaults to DATA_DIR/uploads. */
  readonly storage: StorageConfig;
  /** Maker-checker on loans: the approving officer cannot disburse the same loan (LOAN_MAKER_CHECKER). */
  readonly loanMakerChecker: boolean;
  /** Shards per hot system account; a new loan or withdrawal picks one by a hash of its id (LEDGER_SYSTEM_SHARDS). */
  readonly ledgerSystemShards: number;
  /**
   * Loan servicing: maker-checker thresholds of officer-recorded payments and of waivers (centavos),
   * reminders a day and the arrears tolerance in centavos (REPAYMENT_APPROVAL_THRESHOLD,
   * WAIVER_APPROVAL_THRESHOLD, REMINDERS_PER_DAY, ARREARS_TOLERANCE).
   */
  readonly servicing: {
    readonly approvalThreshold: bigint;
    readonly remindersPerDay: number;
    readonly waiverApprovalThreshold: bigint;
    readonly arrearsTolerance: bigint;
  };
  /** Withdrawal payouts (PAYOUT_PROVIDER, PAYOUT_SETTLE_SECONDS, PAYOUT_FAILURE_RATE, WITHDRAWAL_HOLD_AFTER_PAYOUT_CHANGE_HOURS). */
  readonly payouts: PayoutsConfig;
  /** Payment channels for loan payments (COLLECTION_PROVIDER, COLLECTION_CONFIRM_SECONDS, COLLECTION_EXPIRE_RATE, COLLECTION_EXPIRY_HOURS). */
  readonly collections: CollectionsConfig;
  /** Xendit's API (XENDIT_API_URL, XENDIT_SECRET_KEY, XENDIT_CALLBACK_TOKEN, XENDIT_TIMEOUT_MS); null when no secret key is set. */
  readonly xendit: XenditSettings | null;
  /** Exchange rates (RATES_PROVIDER, RATES_URL, RATES_REFRESH_MINUTES, RATES_TIMEOUT_MS). */
  readonly rates: RatesConfig;
  /** Years the records a lender must keep are kept after the member's last loan closed (RECORD_RETENTION_YEARS). */
  readonly recordRetentionYears: number;
  /** How often the in-process worker looks for work, in ms (JOBS_INTERVAL_MS). */
  readonly jobsIntervalMs: number;
  /** How often the servicing worker runs, in ms (SERVICING_INTERVAL_MS). */
  readonly servicingIntervalMs: number;
  /** Whether an empty DATA_DIR is seeded from the migrated template (PGLITE_TEMPLATE). */
  readonly pgliteTemplate: boolean;
  /** Graceful shutdown's limit, in ms (SHUTDOWN_TIMEOUT_MS). */
  readonly shutdownTimeoutMs: number;
  /** Anonymous code budgets (OTP_ANON_PER_ADDRESS_HOURLY, OTP_ANON_PER_PREFIX_HOURLY, OTP_ANON_GLOBAL_HOURLY). */
  readonly otpBudgets: OtpBudgets;
  /** SMS and e-mail delivery (SMS_PROVIDER, EMAIL_PROVIDER, SMS_HTTP_*, SMTP_*, WEBHOOK_*, DELIVERY_*). */
  readonly delivery: DeliveryConfig;
}

export type SmsDeliveryConfig =
  | { readonly provider: 'outbox' }
  | { readonly provider: 'http'; readonly baseUrl: string; readonly apiKey: string; readonly senderName: string }
  | { readonly provider: 'webhook'; readonly url: string; readonly secret: string };

export type EmailDeliveryConfig =
  | { readonly provider: 'outbox' }
  | {
      readonly provider: 'smtp';
      readonly host: string;
      readonly port: number;
      readonly secure: boolean;
      readonly requireTls: boolean;
      readonly user: string | null;
      readonly password: string | null;
      readonly from: string;
      readonly caFile: string | null;
    }
  | { readonly provider: 'webhook'; readonly url: string; readonly secret: string };

export interface DeliveryConfig {
  readonly sms: SmsDeliveryConfig;
  readonly email: EmailDeliveryConfig;
  readonly timeoutMs: number;
  readonly maxAttempts: number;
  readonly retryBaseSeconds: number;
  readonly leaseSeconds: number;
  /** Messages with the provider at once (DELIVERY_CONCURRENCY). */
  readonly concurrency: number;
  /** The most messages started a second (DELIVERY_MAX_PER_SECOND). */
  readonly maxPerSecond: number;
}

/** Anonymous one-time codes a rolling hour may send: per client address, per number prefix, in all. */
export interface OtpBudgets {
  readonly perAddressHourly: number;
  readonly perPrefixHourly: number;
  readonly globalHourly: number;
}

export type RatesConfig =
  { readonly provider: 'snapshot' } | { readonly provider: 'http'; readonly url: string; readonly refreshMinutes: number; readonly timeoutMs: number };

/** The company profile file is validated with the same schema the ADMIN's editing uses. */
const profileSchema = companyProfileSchema;

export interface CollectionsConfig {
  /** NONE: no payment channels (production without a real provider). */
  readonly provider: CollectionProviderName | 'NONE';
  readonly confirmSeconds: number;
  /** 0..1: the share of simulated payment references that expire unpaid. */
  readonly expireRate: number;
  readonly expiryHours: number;
}

export interface XenditSettings {
  readonly baseUrl: string;
  readonly secretKey: string;
  readonly callbackToken: string;
  readonly timeoutMs: number;
}

export interface PayoutsConfig {
  readonly mode: PayoutProviderName;
  readonly settleSeconds: number;
  /** 0..1: the share of simulated payouts that fail. */
  readonly failureRate: number;
  readonly holdAfterPayoutChangeHours: number;
  /** The most transfers one withdrawal is split into (WITHDRAWAL_MAX_PARTS). */
  readonly maxParts: number;
}

export class ConfigError extends Error {}

/**
 * The shortest callback verification token accepted: the Xendit dashboard generates long random
 * tokens; 32 random characters are beyond guessing, a short hand-typed one is not.
 */
const XENDIT_CALLBACK_TOKEN_MIN_LENGTH = 32;

/** Reads and validates the configuration. Throws ConfigError with every problem listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const env = parsedEnv(source);
  const production = env.NODE_ENV === 'production';

  const company = companyProfile(env);

  const problems: string[] = [];
  if (production) productionProblems(env, company, problems);
  const storage = storageConfig(env, production, problems);
  providerProblems(env, production, problems);
  const delivery = deliveryConfig(env, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  return {
    ...configOf(env, production, company, storage, delivery),
    ...overrides,
  };
}

/** The environment parsed by envSchema; ConfigError with each issue when it does not parse. */
function parsedEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}

/** The company profile of COMPANY_PROFILE_FILE (read and validated), or the DEMO profile when none is set. */
function companyProfile(env: Env): CompanyProfile {
  let company: CompanyProfile = DEMO_COMPANY_PROFILE;
  if (env.COMPANY_PROFILE_FILE) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(env.COMPANY_PROFILE_FILE, 'utf8'));
    } catch (error) {
      throw new ConfigError(`COMPANY_PROFILE_FILE could not be read: ${(error as Error).message}`);
    }
    const profile = profileSchema.safeParse(raw);
    if (!profile.success) {
      // The schema's messages are catalogue keys (decision 076): the operator reads them in English.
      const message = (m: string) => (isCatalogueKey(m) ? translateEn(m) : m);
      throw new ConfigError(`COMPANY_PROFILE_FILE is invalid:\n${profile.error.issues.map((i) => `  ${i.path.join('.')}: ${message(i.message)}`).join('\n')}`);
    }
    company = profile.data;
  }
  return company;
}

/** What production requires of the database, the company profile, the OTP pepper, the origin and maker-checker. */
function productionProblems(env: Env, company: CompanyProfile, problems: string[]): void {
  if (!env.DATABASE_URL) problems.push('DATABASE_URL is required in production.');
  if (company.demo) problems.push('Production refuses to start on the DEMO company profile: set COMPANY_PROFILE_FILE.');
  if (env.OTP_PEPPER.length < 32) problems.push('OTP_PEPPER (at least 32 characters) is required in production.');
  if (!env.PUBLIC_ORIGIN) problems.push('PUBLIC_ORIGIN is required in production.');
  // One officer alone would approve and disburse the same loan (decision 052).
  if (!env.LOAN_MAKER_CHECKER) problems.push('LOAN_MAKER_CHECKER=false lets one officer approve and disburse a loan alone: production refuses it.');
}

/** Where uploads are stored: S3 (what it lacks added to `problems`), or else the data directory (which production refuses). */
function storageConfig(env: Env, production: boolean, problems: string[]): StorageConfig {
  let storage: StorageConfig = { driver: 'local', dir: path.join(path.resolve(env.DATA_DIR), 'uploads') };
  if (env.STORAGE_DRIVER === 's3') {
    const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !env[k]);
    if (missing.length > 0) problems.push(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}.`);
    else
      storage = {
        driver: 's3',
        endpoint: env.S3_ENDPOINT!,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET!,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      };
  } else if (production) {
    problems.push("STORAGE_DRIVER=s3 is required in production: ID images must not live on one server's disk.");
  }
  return storage;
}

/** What the chosen rates, payout, collection and message providers lack, and the simulated or storing-only ones production refuses. */
function providerProblems(env: Env, production: boolean, problems: string[]): void {
  if (env.RATES_PROVIDER === 'http' && !env.RATES_URL) problems.push('RATES_PROVIDER=http needs RATES_URL.');
  if (production && env.PAYOUT_PROVIDER === 'simulated')
    problems.push('PAYOUT_PROVIDER=simulated pretends to pay: production needs manual (or a real provider).');
  const usesXendit = env.COLLECTION_PROVIDER === 'xendit' || env.PAYOUT_PROVIDER === 'xendit';
  if (usesXendit && (!env.XENDIT_SECRET_KEY || !env.XENDIT_CALLBACK_TOKEN))
    problems.push('COLLECTION_PROVIDER=xendit or PAYOUT_PROVIDER=xendit needs XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN.');
  // The token alone makes a callback "from Xendit" (payment received, payout paid): a short one is
  // guessable. Checked whenever it is set, so that it cannot be set short and used later (decision 052).
  if (env.XENDIT_CALLBACK_TOKEN !== undefined && env.XENDIT_CALLBACK_TOKEN.length < XENDIT_CALLBACK_TOKEN_MIN_LENGTH)
    problems.push(`XENDIT_CALLBACK_TOKEN must be at least ${XENDIT_CALLBACK_TOKEN_MIN_LENGTH} characters (copy the whole token from the Xendit dashboard).`);
  if (production && env.COLLECTION_PROVIDER === 'simulated')
    problems.push('COLLECTION_PROVIDER=simulated pretends that borrowers paid: production needs xendit (or no payment channels).');
  // The outbox adapters only store messages (for the development outbox page): in production no
  // code or notice would ever reach a borrower, so production refuses them.
  if (production && env.SMS_PROVIDER === 'outbox')
    problems.push('SMS_PROVIDER=outbox never sends an SMS (it only stores it): production needs a real SMS adapter.');
  if (production && env.EMAIL_PROVIDER === 'outbox')
    problems.push('EMAIL_PROVIDER=outbox never sends an e-mail (it only stores it): production needs a real e-mail adapter.');
}

/** The configuration the checked environment gives. */
function configOf(env: Env, production: boolean, company: CompanyProfile, storage: StorageConfig, delivery: DeliveryConfig): AppConfig {
  return {
    env: env.NODE_ENV,
    production,
    port: env.PORT,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicOrigins: env.PUBLIC_ORIGIN.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    company,
    otpPepper: env.OTP_PEPPER || 'tapat-embedded-development-pepper',
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    serveWeb: env.SERVE_WEB,
    webDir: path.resolve(env.WEB_DIR),
    devTools: !production,
    otpBudgets: {
      perAddressHourly: env.OTP_ANON_PER_ADDRESS_HOURLY,
      perPrefixHourly: env.OTP_ANON_PER_PREFIX_HOURLY,
      globalHourly: env.OTP_ANON_GLOBAL_HOURLY,
    },
    storage,
    loanMakerChecker: env.LOAN_MAKER_CHECKER,
    ledgerSystemShards: env.LEDGER_SYSTEM_SHARDS,
    servicing: {
      approvalThreshold: BigInt(env.REPAYMENT_APPROVAL_THRESHOLD) * 100n,
      remindersPerDay: env.REMINDERS_PER_DAY,
      waiverApprovalThreshold: BigInt(env.WAIVER_APPROVAL_THRESHOLD) * 100n,
      arrearsTolerance: BigInt(env.ARREARS_TOLERANCE) * 100n,
    },
    payouts: {
      mode: env.PAYOUT_PROVIDER ? (env.PAYOUT_PROVIDER.toUpperCase() as PayoutProviderName) : production ? 'MANUAL' : 'SIMULATED',
      settleSeconds: env.PAYOUT_SETTLE_SECONDS,
      failureRate: env.PAYOUT_FAILURE_RATE,
      holdAfterPayoutChangeHours: env.WITHDRAWAL_HOLD_AFTER_PAYOUT_CHANGE_HOURS,
      maxParts: env.WITHDRAWAL_MAX_PARTS,
    },
    collections: {
      provider: env.COLLECTION_PROVIDER ? (env.COLLECTION_PROVIDER.toUpperCase() as CollectionProviderName) : production ? 'NONE' : 'SIMULATED',
      confirmSeconds: env.COLLECTION_CONFIRM_SECONDS,
      expireRate: env.COLLECTION_EXPIRE_RATE,
      expiryHours: env.COLLECTION_EXPIRY_HOURS,
    },
    xendit:
      env.XENDIT_SECRET_KEY && env.XENDIT_CALLBACK_TOKEN
        ? { baseUrl: env.XENDIT_API_URL, secretKey: env.XENDIT_SECRET_KEY, callbackToken: env.XENDIT_CALLBACK_TOKEN, timeoutMs: env.XENDIT_TIMEOUT_MS }
        : null,
    rates:
      env.RATES_PROVIDER === 'http'
        ? { provider: 'http', url: env.RATES_URL!, refreshMinutes: env.RATES_REFRESH_MINUTES, timeoutMs: env.RATES_TIMEOUT_MS }
        : { provider: 'snapshot' },
    recordRetentionYears: env.RECORD_RETENTION_YEARS,
    jobsIntervalMs: env.JOBS_INTERVAL_MS,
    servicingIntervalMs: env.SERVICING_INTERVAL_MS,
    pgliteTemplate: env.PGLITE_TEMPLATE,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    delivery,
  };
}

/** The delivery adapters' settings; what a chosen adapter lacks is added to `problems`. */
function deliveryConfig(env: Env, problems: string[]): DeliveryConfig {
  const webhook = (): { provider: 'webhook'; url: string; secret: string } | null => {
    if (!env.WEBHOOK_URL) problems.push('The webhook adapter needs WEBHOOK_URL.');
    if (env.WEBHOOK_SECRET.length < 32) problems.push('The webhook adapter needs WEBHOOK_SECRET (at least 32 characters).');
    return env.WEBHOOK_URL ? { provider: 'webhook', url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET } : null;
  };
  let sms: SmsDeliveryConfig = { provider: 'outbox' };
  if (env.SMS_PROVIDER === 'http') {
    if (!env.SMS_HTTP_API_KEY) problems.push('SMS_PROVIDER=http needs SMS_HTTP_API_KEY.');
    sms = { provider: 'http', baseUrl: env.SMS_HTTP_BASE_URL, apiKey: env.SMS_HTTP_API_KEY, senderName: env.SMS_SENDER_NAME };
  } else if (env.SMS_PROVIDER === 'webhook') sms = webhook() ?? sms;
  let email: EmailDeliveryConfig = { provider: 'outbox' };
  if (env.EMAIL_PROVIDER === 'smtp') {
    if (!env.SMTP_HOST) problems.push('EMAIL_PROVIDER=smtp needs SMTP_HOST.');
    if (!env.SMTP_FROM) problems.push('EMAIL_PROVIDER=smtp needs SMTP_FROM.');
    email = {
      provider: 'smtp',
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE,
      requireTls: env.SMTP_REQUIRE_TLS,
      user: env.SMTP_USER || null,
      password: env.SMTP_PASSWORD || null,
      from: env.SMTP_FROM,
      caFile: env.SMTP_CA_FILE || null,
    };
  } else if (env.EMAIL_PROVIDER === 'webhook') email = webhook() ?? email;
  return {
    sms,
    email,
    timeoutMs: env.DELIVERY_TIMEOUT_MS,
    maxAttempts: env.DELIVERY_MAX_ATTEMPTS,
    retryBaseSeconds: env.DELIVERY_RETRY_BASE_SECONDS,
    leaseSeconds: env.DELIVERY_LEASE_SECONDS,
    concurrency: env.DELIVERY_CONCURRENCY,
    maxPerSecond: env.DELIVERY_MAX_PER_SECOND,
  };
}
