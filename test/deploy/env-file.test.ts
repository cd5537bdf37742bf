// deploy/curb.env.example names every setting the product reads, and what it sets, filled in
// as an owner would, is a production configuration the product accepts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, parseConfig } from '@curb/contracts/config';
import '@curb/contracts/formats';
import { REPO_ROOT } from '../process.ts';

const lines = readFileSync(join(REPO_ROOT, 'deploy', 'curb.env.example'), 'utf8').split('\n');
const setting = /^#?([A-Z][A-Z0-9_]*)=(.*)$/;

describe('deploy/curb.env.example', () => {
  it('names every setting', () => {
    const named = new Set(lines.map((l) => setting.exec(l)?.[1]).filter(Boolean));
    expect(Object.keys(ConfigSchema.properties).filter((key) => !named.has(key))).toEqual([]);
  });

  it('is a production configuration behind the local Caddy once the blanks are filled', () => {
    const filled: Record<string, string> = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a long owner password' };
    for (const line of lines) {
      const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (m && m[2] !== '') filled[m[1]!] = m[2]!;
    }
    const config = parseConfig(filled);
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      AUDIT_ALLOW_PRIVATE_NETWORKS: false,
    });
    expect(config.PUBLIC_URL).toMatch(/^https:\/\//);
  });
});
