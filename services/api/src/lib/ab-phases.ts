// The popup A/B test's texts and phases. Each popup variant shows the texts its funnel's Popup
// Creator sets (the form's own where a field is empty); a save that changes what a variant shows
// begins a new phase, so the results of one wording are never pooled with another's. A phase is
// labelled with the site-wide popup's headlines (the free audit funnel's: the popup of every
// page but the other funnels' landing pages).
import type { AbPhase } from '@curb/analytics/dashboards/ab-testing';
import { AUDIT_FUNNEL_ID, popupVariantDefaults } from '@curb/content';
import { AB_TESTS, POPUP_TEST_TYPE, type AbTestType } from '@curb/contracts/ab-tests';
import { completeConfig, funnelFieldLabel, POPUP_VARIANTS, type FunnelConfig } from '@curb/contracts/funnel-config';
import { abTests, funnels, type Db, type Tx } from '@curb/db';

const COPY_FIELDS = ['title', 'subtitle', 'buttonText'] as const;

/** What a popup variant shows, each empty field filled with the form's own text. */
const shown = (config: FunnelConfig, variant: (typeof POPUP_VARIANTS)[number]) => {
  const set = config.popup.variants[variant];
  const defaults = popupVariantDefaults(variant);
  return Object.fromEntries(COPY_FIELDS.map((f) => [f, set[f] || defaults[f]])) as Record<(typeof COPY_FIELDS)[number], string>;
};

/** Each popup variant's headline, as a funnel's configuration shows it. */
export const popupHeadlines = (config: unknown): Record<string, string> => {
  const full = completeConfig(config);
  return Object.fromEntries(POPUP_VARIANTS.map((v) => [v, shown(full, v).title]));
};

/** The site-wide popup's headline per variant now. */
export async function currentCopy(db: Db, testType: AbTestType): Promise<Record<string, string>> {
  const variants: readonly string[] = AB_TESTS[testType];
  // A test of something other than the popup is named by its variants alone.
  if (testType !== POPUP_TEST_TYPE) return Object.fromEntries(variants.map((v) => [v, v]));
  return popupHeadlines((await funnels.findForEdit(db, AUDIT_FUNNEL_ID))?.config);
}

/**
 * Begins a new phase of the popup test when a funnel's save changes what a variant shows
 * (in the save's transaction, so the phase and the text it names go in together).
 */
export async function startPhaseOnCopyChange(
  tx: Tx,
  save: { funnelId: string; funnelName: string; before: FunnelConfig; after: FunnelConfig; changedBy: string },
): Promise<void> {
  const changed = POPUP_VARIANTS.flatMap((v) => {
    const [was, now] = [shown(save.before, v), shown(save.after, v)];
    return COPY_FIELDS.filter((f) => was[f] !== now[f]).map((f) => funnelFieldLabel(`config.popup.variants.${v}.${f}`));
  });
  if (!changed.length) return;
  const siteWide = save.funnelId === AUDIT_FUNNEL_ID;
  const other = siteWide ? undefined : (await funnels.findForEdit(tx, AUDIT_FUNNEL_ID))?.config;
  await abTests.startPhase(tx, POPUP_TEST_TYPE, {
    before: popupHeadlines(siteWide ? save.before : other),
    after: popupHeadlines(siteWide ? save.after : other),
    startedBy: save.changedBy,
    reason: `${save.funnelName}: ${changed.join(', ')}`,
  });
}

/** Every test's phases, oldest first, each ending where the next begins; a test never rewritten is in its first. */
export async function testPhases(db: Db): Promise<AbPhase[]> {
  const rows = await abTests.phases(db);
  const testTypes = Object.keys(AB_TESTS) as AbTestType[];
  const perTest = await Promise.all(
    testTypes.map(async (testType): Promise<AbPhase[]> => {
      const own = rows.filter((r) => r.test_type === testType);
      if (!own.length) {
        return [
          { testType, number: 1, startedAt: null, endedAt: null, startedBy: null, reason: null, copy: await currentCopy(db, testType) },
        ];
      }
      return own.map((r, i) => ({
        testType,
        number: i + 1,
        startedAt: r.started_at?.getTime() ?? null,
        endedAt: own[i + 1]?.started_at?.getTime() ?? null,
        startedBy: r.started_by,
        reason: r.reason,
        copy: r.copy,
      }));
    }),
  );
  return perTest.flat();
}
