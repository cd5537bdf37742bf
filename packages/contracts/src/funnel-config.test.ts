import { describe, expect, it } from 'vitest';
import type { TSchema } from '@sinclair/typebox';
import {
  FUNNEL_EDIT_TABS,
  FUNNEL_FIELD_PATHS,
  funnelEditProblem,
  funnelField,
  funnelFieldLabel,
  FunnelEditSchema,
  MAX_FOLLOW_UP_DAYS,
  MAX_POPUP_DELAY_SECONDS,
} from './funnel-config.ts';

/** The dotted paths of every value of the edit that is not an object of further fields. */
function leaves(schema: TSchema, prefix = ''): string[] {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties;
  if (!properties) return [prefix];
  return Object.entries(properties).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

describe("the Edit dialog's fields", () => {
  it('name every value of the edit once, and nothing else', () => {
    expect([...FUNNEL_FIELD_PATHS].sort()).toEqual(leaves(FunnelEditSchema).sort());
  });

  it("take their limits from the schema the API checks, their tab from the dialog's tabs", () => {
    expect(funnelField('name')).toEqual({ path: 'name', tab: 'general', label: 'Name', maxLength: 120 });
    expect(funnelField('config.landingPage.subheadline')).toMatchObject({ label: 'Copy', maxLength: 600 });
    expect(funnelField('config.popup.delaySeconds')).toMatchObject({ minimum: 0, maximum: MAX_POPUP_DELAY_SECONDS });
    expect(funnelField('config.process.followUpDays')).toMatchObject({ minimum: 1, maximum: MAX_FOLLOW_UP_DAYS });
    expect(funnelField('isActive')).toEqual({ path: 'isActive', tab: 'general', label: 'Active' });
    const tabs = FUNNEL_EDIT_TABS.map((t) => t.key);
    for (const path of FUNNEL_FIELD_PATHS) expect(tabs).toContain(funnelField(path).tab);
  });

  it('are named "<tab> › <label>" in messages and the history', () => {
    expect(funnelFieldLabel('config.popup.variants.B.buttonText')).toBe('Popup Creator › Variant B button text');
    expect(funnelFieldLabel('config.tracking.events.pageView')).toBe('Tracking › Landing page views');
    expect(funnelFieldLabel('config.unknown')).toBe('config.unknown');
    expect(funnelFieldLabel('constructor')).toBe('constructor');
    expect(funnelEditProblem({ name: 'x' })).toEqual({ field: 'title', message: 'General › Page title is missing.' });
  });
});
