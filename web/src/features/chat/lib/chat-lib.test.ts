// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '@curb/contracts/assistant';
import { historyForRequest, type ChatMessage } from './history';
import { isSafeHref, messageParts } from './message-links';
import { encodeWav } from './wav';

const msg = (role: ChatMessage['role'], content: string): ChatMessage => ({
  id: content,
  role,
  content,
  timestamp: new Date(0),
  isAudio: false,
});

describe('assistant reply links', () => {
  it("links the owner's own addresses (booking page, profiles) and no other site", () => {
    const owned = new Set(['https://cal.example/priya']);
    expect(messageParts('Book: [https://cal.example/priya](https://cal.example/priya)', owned)).toEqual([
      { text: 'Book: ' },
      { text: 'https://cal.example/priya', href: 'https://cal.example/priya' },
    ]);
    expect(messageParts('[x](https://cal.example/other)', owned)).toEqual([{ text: 'x' }]);
    expect(isSafeHref('http://cal.example/priya', new Set(['http://cal.example/priya']))).toBe(false);
  });

  it('turns site, mail and phone links into links and leaves the rest as text', () => {
    expect(
      messageParts('See [Services](/services) or [mail](mailto:a@b.example). [x](https://evil.example) [y](javascript:alert(1))'),
    ).toEqual([
      { text: 'See ' },
      { text: 'Services', href: '/services' },
      { text: ' or ' },
      { text: 'mail', href: 'mailto:a@b.example' },
      { text: '. ' },
      { text: 'x' },
      { text: ' ' },
      { text: 'y' },
      { text: ')' },
    ]);
    expect(messageParts('plain text')).toEqual([{ text: 'plain text' }]);
    expect(isSafeHref('//evil.example/x')).toBe(false);
    expect(isSafeHref('/#contact')).toBe(true);
    expect(isSafeHref('tel:+1 (703) 555-0142')).toBe(true);
  });
});

describe('chat history sent to the server', () => {
  it('keeps the last turns within the limits, starting with a user turn', () => {
    const many = Array.from({ length: 30 }, (_, i) => msg(i % 2 ? 'assistant' : 'user', `m${i}`));
    const turns = historyForRequest(many);
    expect(turns.length).toBeLessThanOrEqual(CHAT_LIMITS.maxMessages);
    expect(turns[0]?.role).toBe('user');
    expect(turns.at(-1)?.content).toBe('m29');
    expect(historyForRequest([msg('user', 'x'.repeat(5000))])[0]?.content).toHaveLength(CHAT_LIMITS.maxMessageChars);
    expect(historyForRequest([msg('user', 'a'), msg('assistant', ' '), msg('user', 'b')]).map((t) => t.content)).toEqual(['a', 'b']);
  });
});

describe('recording upload', () => {
  it('encodes 16 kHz mono 16-bit WAV with exact sizes', async () => {
    const wav = encodeWav(new Float32Array([0, 0.5, -0.5, 1, -1, 2]));
    const bytes = new DataView(await wav.arrayBuffer());
    const ascii = (at: number) => String.fromCharCode(...[0, 1, 2, 3].map((i) => bytes.getUint8(at + i)));
    expect(wav.type).toBe('audio/wav');
    expect([ascii(0), ascii(8), ascii(36)]).toEqual(['RIFF', 'WAVE', 'data']);
    expect(bytes.getUint32(4, true)).toBe(bytes.byteLength - 8);
    expect(bytes.getUint32(24, true)).toBe(16000);
    expect(bytes.getUint16(22, true)).toBe(1);
    expect(bytes.getUint32(40, true)).toBe(12);
    expect([1, 2, 3, 4, 5].map((i) => bytes.getInt16(44 + i * 2, true))).toEqual([16383, -16384, 32767, -32768, 32767]);
  });
});
