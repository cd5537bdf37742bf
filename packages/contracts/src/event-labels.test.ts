import { describe, expect, it } from 'vitest';
import { codeInWords, eventLabel } from './event-labels.ts';
import { EVENTS } from './tracking.ts';

describe('event labels', () => {
  it('says what each tracked event means, the page by name where it is about one', () => {
    expect(eventLabel(EVENTS.pageView, 'Services')).toBe('Viewed Services');
    expect(eventLabel(EVENTS.pageView)).toBe('Viewed a page');
    expect(eventLabel(EVENTS.marketingFocused, 'Services')).toBe('Marketing focus shown');
    expect(eventLabel(EVENTS.emailOpen)).toBe('Opened the report e-mail');
    for (const code of Object.values(EVENTS)) {
      const label = eventLabel(code, 'Home');
      expect(label, code).not.toContain('_');
      expect(label, code).not.toBe(codeInWords(code));
    }
  });

  it('puts an event it does not know into words', () => {
    expect(eventLabel('video_played')).toBe('Video played');
    expect(codeInWords('chat-opened')).toBe('Chat opened');
    expect(codeInWords('___')).toBe('___');
  });
});
