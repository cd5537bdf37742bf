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
import type { FieldProblem } from '@/lib/server-message';
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
async function renderTab(tab: FunnelEditTab, problem: FieldProblem | null = null): Promise<string> {
  const form = (
    <QueryClientProvider client={new QueryClient()}>
      <FunnelEditForm
        funnelId="marketing-audit"
        value={edit}
        onChange={() => {}}
        templates={templates}
        initialTab={tab}
        problem={problem}
      />
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

/** Each <label>: its text and the control it names (by `for`), with that control's attributes. */
function labels(html: string): Array<{ text: string; control: string }> {
  const page = decode(html);
  return [...page.matchAll(/<label for="([^"]+)"[^>]*>([\s\S]*?)<\/label>/g)].map(([, id, inner]) => ({
    text: inner!.replace(/<[^>]+>/g, '').trim(),
    control: new RegExp(`<(input|textarea|select)\\b[^>]*\\bid="${id}"[^>]*>`).exec(page)?.[0] ?? '',
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
        expect(control, `${field.path}: a control named by its label`).not.toBe('');
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

describe('a save the server refused', () => {
  it.each(FUNNEL_FIELD_PATHS.map(funnelField).map((f) => [f.path, f] as const))(
    '%s: the message is at the field, which points at it and is marked invalid',
    async (_path, field) => {
      const message = `${field.label}: refused by the server.`;
      const page = decode(await renderTab(field.tab, { message, field: field.path }));
      const at = new RegExp(`<div[^>]*data-field="${field.path.replaceAll('.', '\\.')}"[^>]*>([\\s\\S]*?)</div>`).exec(page);
      expect(at, field.path).not.toBeNull();
      const control = /<(input|textarea|select)\b[^>]*>/.exec(at![1]!)?.[0] ?? '';
      expect(control).toContain('aria-invalid="true"');
      const errorId = new RegExp(`<p id="([^"]+)"[^>]*role="alert"[^>]*>${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`).exec(
        at![1]!,
      )?.[1];
      expect(errorId, 'the message beside the control').toBeDefined();
      expect(/aria-describedby="([^"]+)"/.exec(control)?.[1]?.split(' ')).toContain(errorId);
      // Said once: at the field, nowhere else in the tab.
      expect(page.split(message)).toHaveLength(2);
    },
  );

  it('a refusal that names no field marks none', async () => {
    const page = await renderTab('general', { message: 'Version 3 cannot be restored.' });
    expect(page).not.toContain('aria-invalid');
  });
});
