import { describe, expect, it } from 'vitest';
import { auditRunKeys } from './audit.ts';

describe("an audit job's keys", () => {
  it('name the site by host and port, the e-mail and the client', () => {
    expect(auditRunKeys({ website: 'https://WWW.Realty.example/listings', email: ' Jane@Realty.example ', client: '203.0.113.9' })).toEqual(
      ['site:realty.example', 'email:jane@realty.example', 'client:203.0.113.9'],
    );
    // Another port is another server: a port that never answers waits on nobody but itself.
    const [a] = auditRunKeys({ website: 'http://shop.example:8080/', email: 'a@x.example' });
    const [b] = auditRunKeys({ website: 'http://shop.example:8081/', email: 'a@x.example' });
    expect([a, b]).toEqual(['site:shop.example:8080', 'site:shop.example:8081']);
    // The scheme's own port is the same site as no port.
    expect(auditRunKeys({ website: 'https://shop.example:443/', email: 'a@x.example' })[0]).toBe('site:shop.example');
    expect(auditRunKeys({ website: 'not a url', email: 'a@x.example' })).toEqual(['email:a@x.example']);
  });
});
