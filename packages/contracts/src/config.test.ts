import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, storeMode } from './config.ts';

describe('parseConfig', () => {
  it('fills the embedded defaults from an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '.data', HOST: '0.0.0.0', NODE_ENV: 'development', CLICKHOUSE_POOL_SIZE: 8 });
    expect(storeMode(config)).toBe('embedded');
  });

  it('converts numbers and keeps external URLs', () => {
    const config = parseConfig({ PORT: '8080', DATABASE_URL: 'postgres://u:p@db:5432/curb', CLICKHOUSE_URL: 'http://ch:8123/curb' });
    expect(config.PORT).toBe(8080);
    expect(storeMode(config)).toBe('distributed');
  });

  it.each([
    ['PORT', 'abc', 'Invalid PORT="abc": expected a port number from 0 to 65535.'],
    ['PORT', '70000', 'Invalid PORT="70000": expected a port number from 0 to 65535.'],
    ['NODE_ENV', 'staging', 'Invalid NODE_ENV="staging": expected development, production or test.'],
    ['DATABASE_URL', 'mysql://x', 'Invalid DATABASE_URL="mysql://x": expected a postgres:// connection URL (unset: embedded PostgreSQL).'],
    ['CLICKHOUSE_POOL_SIZE', '0', 'Invalid CLICKHOUSE_POOL_SIZE="0": expected an integer from 1 to 16.'],
    ['PUBLIC_URL', 'https://my site', 'Invalid PUBLIC_URL="https://my site": expected the public http(s):// address of the site.'],
    ['PUBLIC_URL', 'www.example.com', 'Invalid PUBLIC_URL="www.example.com": expected the public http(s):// address of the site.'],
    // The password is never echoed, whichever way the value is wrong.
    [
      'SMTP_URL',
      'smtp://me:hunter2secret@mail host:587',
      'Invalid SMTP_URL="smtp://me:***@mail host:587": expected an smtp:// or smtps:// URL.',
    ],
    [
      'SMTP_URL',
      'smtpx://me:hunter2secret@mail.example',
      'Invalid SMTP_URL="smtpx://me:***@mail.example": expected an smtp:// or smtps:// URL.',
    ],
  ])('refuses %s=%s with one line naming the variable', (key, value, message) => {
    expect(() => parseConfig({ [key]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [key]: value })).toThrow(message);
  });

  it('treats blank values as unset', () => {
    expect(parseConfig({ PORT: '  ', DATABASE_URL: '' }).PORT).toBe(3000);
  });
});
