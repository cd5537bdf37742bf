import { describe, expect, it } from 'vitest';
import { cleanClientJson, cleanText, hasUnstorableText, parseClientJson } from './text-hygiene.ts';

describe('text the stores cannot hold', () => {
  it.each([
    ['a NUL', 'a\u0000b', 'a\ufffdb'],
    ['a bell and an escape', '\u0007x\u001b', '\ufffdx\ufffd'],
    ['DEL', 'x\u007f', 'x\ufffd'],
    ['a lone high surrogate', '/\ud800', '/\ufffd'],
    ['a lone low surrogate', '\udc00/', '\ufffd/'],
    ['two high surrogates in a row', '\ud800\ud800\udc00', '\ufffd\ud800\udc00'],
  ])('replaces %s with U+FFFD', (_label, input, output) => {
    expect(hasUnstorableText(input)).toBe(true);
    expect(cleanText(input)).toBe(output);
    expect(hasUnstorableText(cleanText(input))).toBe(false);
  });

  it.each([
    ['plain text', 'Jane Porter Realty'],
    ['tab, new lines and carriage returns', 'line one\r\n\tline two\n'],
    ['a pair of surrogates (an emoji)', 'Sold 🏡'],
    ['accents and CJK', 'Zoë 東京'],
    ['C1 controls (storable everywhere)', '\u0085'],
  ])('keeps %s as it is', (_label, input) => {
    expect(hasUnstorableText(input)).toBe(false);
    expect(cleanText(input)).toBe(input);
  });
});

describe('cleanClientJson', () => {
  it('repairs free text at any depth, in objects and arrays', () => {
    const body = { path: '/a\ud800', props: { q: 'x\u0000' }, tags: ['ok', 'b\u0001'], n: 3, ok: true, nothing: null };
    expect(cleanClientJson(body)).toEqual({
      ok: true,
      value: { path: '/a\ufffd', props: { q: 'x\ufffd' }, tags: ['ok', 'b\ufffd'], n: 3, ok: true, nothing: null },
    });
  });

  it.each(['email', 'phone', 'url', 'website', 'eventId', 'visitorId', 'sessionId', 'leadId', 'reportId', 'password'])(
    'refuses an unstorable character in the identity field %s',
    (field) => {
      const result = cleanClientJson({ nested: { [field]: 'a\u0000b' } });
      expect(result).toEqual({
        ok: false,
        message: `${field} contains characters that cannot be stored (a control character or a broken Unicode character).`,
      });
    },
  );

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s', (key) => {
    const body = JSON.parse(`{"settings":{"${key}":"x"}}`) as unknown;
    expect(cleanClientJson(body)).toEqual({ ok: false, message: `The field name "${key}" is not allowed.` });
  });

  it('refuses a key with a NUL and nesting past 16 levels', () => {
    expect(cleanClientJson({ 'a\u0000': 1 })).toEqual({ ok: false, message: 'A field name contains characters that cannot be stored.' });
    let deep: unknown = 1;
    for (let i = 0; i < 17; i++) deep = [deep];
    expect(cleanClientJson(deep)).toEqual({ ok: false, message: 'The request body is nested too deeply (at most 16 levels).' });
    let fine: unknown = 1;
    for (let i = 0; i < 15; i++) fine = [fine];
    expect(cleanClientJson(fine).ok).toBe(true);
  });
});

describe('parseClientJson', () => {
  it('parses, then cleans only what can need it', () => {
    expect(parseClientJson('{"path":"/\\ud800"}')).toEqual({ ok: true, value: { path: '/\ufffd' } });
    expect(parseClientJson('{"email":"a\\u0000@b.co"}').ok).toBe(false);
    expect(parseClientJson('{"path":"/\u007f"}')).toEqual({ ok: true, value: { path: '/\ufffd' } });
    expect(parseClientJson('{"path":"/homes"}')).toEqual({ ok: true, value: { path: '/homes' } });
    expect(parseClientJson('{"path":')).toEqual({ ok: false, message: 'The body must be JSON.' });
    expect(parseClientJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toEqual({ ok: true, value: expect.anything() });
  });
});
