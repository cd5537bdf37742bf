// @vitest-environment node
// Whose popup a page shows: a funnel's landing page its own, every other page the
// free audit funnel's; an inactive funnel's or a switched-off popup never opens.
import { describe, expect, it } from 'vitest';
import { completeConfig, type PublicSiteConfig } from '@curb/contracts/funnel-config';
import { popupFor } from './funnel-popup';

type Funnel = PublicSiteConfig['funnels'][number];
const base = completeConfig({});
const funnel = (id: string, over: Partial<Funnel> = {}, popup: Partial<Funnel['popup']> = {}): Funnel => ({
  id,
  active: true,
  title: id,
  landingPage: base.landingPage,
  popup: { ...base.popup, ...popup },
  tracking: { events: base.tracking.events },
  ...over,
});
const site = (...funnels: Funnel[]): PublicSiteConfig => ({ funnels, tests: [] });

describe('the popup a page shows', () => {
  it('is the free audit funnel’s, opening by itself on the home page only, with the spec’s timing by default', () => {
    for (const config of [null, site(funnel('marketing-audit'))]) {
      expect(popupFor(config, '/')).toMatchObject({
        funnelId: 'marketing-audit',
        enabled: true,
        automatic: true,
        triggers: { delayMs: 25_000, exitIntent: true },
      });
      expect(popupFor(config, '/services')).toMatchObject({ funnelId: 'marketing-audit', enabled: true, automatic: false });
    }
    const variant = popupFor(null, '/').variant('B');
    expect(variant).toMatchObject({ formId: 'popup-standard', title: 'Free 15-Point Marketing Audit' });
    expect(variant.definition.submitText).toBe('Request My Audit');
  });

  it('takes the funnel’s delay, exit intent and variant texts', () => {
    const config = site(
      funnel(
        'marketing-audit',
        {},
        {
          delaySeconds: 0,
          exitIntent: false,
          variants: { ...base.popup.variants, A: { title: 'Spring', subtitle: '', buttonText: 'Go' } },
        },
      ),
    );
    const popup = popupFor(config, '/');
    expect(popup.triggers).toEqual({ delayMs: 0, exitIntent: false });
    expect(popup.variant('A')).toMatchObject({ formId: 'popup-image', title: 'Spring' });
    expect(popup.variant('A').definition.submitText).toBe('Go');
    expect(popup.variantText('A')).toBe('Spring');
  });

  it("is another funnel's own on that funnel's landing page, opening by itself there", () => {
    const config = site(funnel('marketing-audit'), funnel('real-estate-marketing-report', {}, { delaySeconds: 5 }));
    expect(popupFor(config, '/real-estate-marketing-report')).toMatchObject({
      funnelId: 'real-estate-marketing-report',
      automatic: true,
      triggers: { delayMs: 5_000 },
    });
  });

  it('stops for an inactive funnel or a popup switched off; a request then finds the site-wide one, or none', () => {
    const reportOff = site(funnel('marketing-audit'), funnel('real-estate-marketing-report', { active: false }));
    expect(popupFor(reportOff, '/real-estate-marketing-report')).toMatchObject({
      funnelId: 'marketing-audit',
      enabled: true,
      automatic: false,
    });
    const auditOff = site(funnel('marketing-audit', {}, { enabled: false }));
    expect(popupFor(auditOff, '/')).toMatchObject({ enabled: false });
    expect(popupFor(site(funnel('marketing-audit', { active: false })), '/services')).toMatchObject({ enabled: false });
  });
});
