// Every environment variable the services read, validated once at start.
// `allowed` is what a person reads when a value is refused, so keep it plain.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const variable = <T extends TSchema>(schema: T, allowed: string) => ({ ...schema, allowed }) as T & { allowed: string };
const postgresUrl = Type.String({ pattern: '^postgres(ql)?://.+' });
const httpUrl = Type.String({ pattern: '^https?://.+' });

export const ConfigSchema = Type.Object({
  NODE_ENV: variable(
    Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], { default: 'development' }),
    'development, production or test',
  ),
  HOST: variable(Type.String({ minLength: 1, default: '0.0.0.0' }), 'an interface address such as 0.0.0.0 or 127.0.0.1'),
  PORT: variable(Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }), 'a port number from 0 to 65535'),
  DATA_DIR: variable(Type.String({ minLength: 1, default: '.data' }), 'a directory path'),
  DATABASE_URL: variable(Type.Optional(postgresUrl), 'a postgres:// connection URL (unset: embedded PostgreSQL)'),
  CLICKHOUSE_URL: variable(Type.Optional(httpUrl), 'an http(s):// ClickHouse URL, optionally with /database (unset: embedded chDB)'),
  CLICKHOUSE_CLUSTER: variable(
    Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' })),
    'the cluster name of ON CLUSTER DDL when CLICKHOUSE_URL is a cluster (see pnpm clickhouse:cluster-ddl)',
  ),
  CLICKHOUSE_POOL_SIZE: variable(Type.Integer({ minimum: 1, maximum: 16, default: 8 }), 'an integer from 1 to 16'),
  CLICKHOUSE_MAX_THREADS: variable(
    Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    "threads per embedded chDB read, an integer from 1 to 64 (unset: the machine's cores)",
  ),
  PUBLIC_URL: variable(Type.Optional(httpUrl), 'the public http(s):// address of the site'),
  WEB_DIST: variable(Type.Optional(Type.String({ minLength: 1 })), 'the directory of the built web app'),
  LOG_LEVEL: variable(
    Type.Union(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
      { default: 'info' },
    ),
    'fatal, error, warn, info, debug, trace or silent',
  ),
  TRUST_PROXY: variable(
    Type.String({
      pattern:
        '^(false|[0-9]{1,2}|(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(/[0-9]{1,3})?)' +
        '(\\s*,\\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(/[0-9]{1,3})?))*)$',
      default: 'false',
    }),
    'false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDRs',
  ),
  REQUEST_TIMEOUT_MS: variable(Type.Integer({ minimum: 1000, maximum: 600_000, default: 30_000 }), 'milliseconds from 1000 to 600000'),
  SHUTDOWN_TIMEOUT_MS: variable(Type.Integer({ minimum: 100, maximum: 60_000, default: 4_000 }), 'milliseconds from 100 to 60000'),

  // Admin access
  ADMIN_EMAIL: variable(
    Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    'an e-mail address (creates the admin user at first start)',
  ),
  ADMIN_PASSWORD: variable(Type.Optional(Type.String({ minLength: 12, maxLength: 256 })), 'a password of at least 12 characters'),
  SESSION_SECRET: variable(Type.Optional(Type.String({ minLength: 32 })), 'at least 32 characters (unset: generated and kept in DATA_DIR)'),

  // Mail delivery: HTTP mail API first, then SMTP, else the file outbox in DATA_DIR/outbox
  MAIL_API_URL: variable(Type.Optional(httpUrl), 'the http(s):// endpoint of a mail API'),
  MAIL_API_KEY: variable(Type.Optional(Type.String({ minLength: 1 })), 'the mail API key'),
  SMTP_URL: variable(Type.Optional(Type.String({ pattern: '^smtps?://.+' })), 'an smtp:// or smtps:// URL'),
  MAIL_FROM: variable(
    Type.String({ minLength: 3, default: 'Curb Appeal <audits@localhost>' }),
    'a sender address such as Name <me@example.com>',
  ),

  // Website audits
  AUDIT_ALLOW_PRIVATE_NETWORKS: variable(Type.Boolean({ default: false }), 'true or false (true only for tests and local development)'),
  AUDIT_MAX_PAGES: variable(Type.Integer({ minimum: 1, maximum: 200, default: 20 }), 'an integer from 1 to 200'),
  AUDIT_CONCURRENCY: variable(Type.Integer({ minimum: 1, maximum: 16, default: 3 }), 'an integer from 1 to 16'),
  CHROME_PATH: variable(Type.Optional(Type.String({ minLength: 1 })), 'the path of a Chromium executable'),

  // Event ingest
  SPOOL_MAX_BYTES: variable(Type.Integer({ minimum: 1_048_576, default: 268_435_456 }), 'a byte count of at least 1048576'),

  // Backups: the worker writes a daily archive to BACKUP_DIR (unset: none) and keeps the last BACKUP_KEEP
  BACKUP_DIR: variable(Type.Optional(Type.String({ minLength: 1 })), 'a directory path (unset: no scheduled backups)'),
  BACKUP_KEEP: variable(Type.Integer({ minimum: 1, maximum: 365, default: 7 }), 'an integer from 1 to 365'),

  // Assistant
  LLM_BASE_URL: variable(Type.Optional(httpUrl), 'the http(s):// base URL of an OpenAI-compatible API'),
  LLM_API_KEY: variable(Type.Optional(Type.String({ minLength: 1 })), 'the provider API key'),
  LLM_MODEL: variable(Type.String({ minLength: 1, default: 'gpt-4o-mini' }), 'a model name'),
  METAPERSON_CLIENT_ID: variable(Type.Optional(Type.String({ minLength: 1 })), 'the avatar creator client id'),
  METAPERSON_CLIENT_SECRET: variable(Type.Optional(Type.String({ minLength: 1 })), 'the avatar creator client secret'),
});

export type Config = Static<typeof ConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Parses the environment; throws ConfigError with one line naming the variable and what it allows. */
export function parseConfig(env: Env): Config {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw.trim() !== '') input[key] = raw.trim();
  }
  const converted = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, input));
  const firstError = Value.Errors(ConfigSchema, converted).First();
  const badKey = firstError
    ? (firstError.path.split('/')[1] ?? '')
    : URL_VARIABLES.find((k) => input[k] !== undefined && !URL.canParse(String(input[k])));
  if (badKey !== undefined) {
    const allowed = (ConfigSchema.properties as Record<string, { allowed?: string }>)[badKey]?.allowed ?? 'a valid value';
    throw new ConfigError(`Invalid ${badKey}=${JSON.stringify(withoutPassword(env[badKey]?.trim() ?? ''))}: expected ${allowed}.`);
  }
  return converted as Config;
}

/** Variables that must be whole URLs, not only start like one (`https://my site` is not). */
const URL_VARIABLES = ['PUBLIC_URL', 'MAIL_API_URL', 'SMTP_URL', 'CLICKHOUSE_URL', 'DATABASE_URL', 'LLM_BASE_URL'] as const;

/** A refused value is echoed to the log and the terminal: never with the password in it. */
function withoutPassword(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@\s]*@/i, '$1:***@');
}

/** Embedded unless both stores are external. */
export function storeMode(config: Pick<Config, 'DATABASE_URL' | 'CLICKHOUSE_URL'>): 'embedded' | 'distributed' {
  return config.DATABASE_URL && config.CLICKHOUSE_URL ? 'distributed' : 'embedded';
}
