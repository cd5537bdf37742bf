// @vitest-environment node
// The Edit dialog shows exactly the contract's fields (packages/contracts/src/funnel-config.ts):
// each with the label the API's messages and the history use, and the limits the API checks.
// A field added to, renamed in or dropped from one side fails here.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mailTemplateDefaults } from '@curb/content';
import {
  completeConfig,
  EMAIL_TEMPLATE_TYPES,
  FUNNEL_EDIT_TABS,
  FUNNEL_FIELD_PATHS,
  funnelField,
  TEMPLATE_PLACEHOLDERS,
  type FunnelEdit,
  type FunnelEditTab,
} from '@curb/contracts/funnel-config';
import { FunnelEditForm } from './funnel-edit-form';

const edit: FunnelEdit = {
  name: 'Free Marketing Audit',
  title: 'Free Marketing Audit',
  subtitle: '',
  description: '',
  isActive: true,
  primaryColor: '#dc2626',
  config: completeConfig({}),
};

const templates = EMAIL_TEMPLATE_TYPES.map((type) => ({ ...mailTemplateDefaults[type], placeholders: [...TEMPLATE_PLACEHOLDERS[type]] }));

/** The tab as the browser gets it (the popup tab links to the A/B page: a router is needed). */
async function renderTab(tab: FunnelEditTab): Promise<string> {
  const form = (
    <QueryClientProvider client={new QueryClient()}>
      <FunnelEditForm funnelId="marketing-audit" value={edit} onChange={() => {}} templates={templates} initialTab={tab} />
    </QueryClientProvider>
  );
  const router = createRouter({
    routeTree: createRootRoute({ component: () => form }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"');

/** Each <label>: its text and the attributes of the control inside it. */
function labels(html: string): Array<{ text: string; control: string }> {
  return [...decode(html).matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)].map(([, inner]) => ({
    text: inner!
      .replace(/<small[\s\S]*?<\/small>/g, '')
      .replace(/<select[\s\S]*?<\/select>/g, '')
      .replace(/<textarea[\s\S]*?<\/textarea>/g, '')
      .replace(/<[^>]+>/g, '')
      .trim(),
    control: /<(input|textarea|select)\b[^>]*>/.exec(inner!)?.[0] ?? '',
  }));
}

describe('the funnel Edit dialog reads its fields from the contract', () => {
  it.each(FUNNEL_EDIT_TABS.map((t) => [t.label, t.key] as const))(
    '%s: every field of the tab, labelled and limited as the API checks it',
    async (_label, tab) => {
      const shown = labels(await renderTab(tab));
      const fields = FUNNEL_FIELD_PATHS.map(funnelField).filter((f) => f.tab === tab);
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) {
        const found = shown.filter((l) => l.text.includes(field.label));
        expect(found, field.path).toHaveLength(1);
        const { control } = found[0]!;
        if (field.maxLength !== undefined) expect(control, field.path).toContain(`maxLength="${field.maxLength}"`);
        if (field.minimum !== undefined) expect(control, field.path).toContain(`min="${field.minimum}"`);
        if (field.maximum !== undefined) expect(control, field.path).toContain(`max="${field.maximum}"`);
      }
      // Nothing the contract does not know: every labelled control of the tab is one of its fields.
      for (const label of shown)
        expect(
          fields.some((f) => label.text.includes(f.label)),
          label.text,
        ).toBe(true);
    },
  );
});
