// The string formats the schemas use, registered once for TypeBox's own checkers (the
// compiled body checks, the beacon check, the report page and tests). Every module that checks
// with TypeBox imports this file, so the answer never depends on which was imported first.
import { FormatRegistry } from '@sinclair/typebox';

const EMAIL = new RegExp(
  [
    /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@/.source,
    /(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.source,
  ].join(''),
  'i',
);

const FORMATS: Record<string, (value: string) => boolean> = {
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  // The shape Ajv's `email` format accepts (the server's validator): local@domain.tld, no spaces.
  email: (v) => EMAIL.test(v),
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
  uri: (v) => {
    try {
      return /^https?:$/.test(new URL(v).protocol);
    } catch {
      return false;
    }
  },
};

for (const [name, check] of Object.entries(FORMATS)) FormatRegistry.Set(name, check);
