// The Traffic page's views as the bench times them: POST /api/stats bodies for the top figures,
// the chart and four breakdowns over 30 days, and a chart of visits as an API token may ask it,
// each without filters and with three (a visit attribute, the channel and a page). Named
// `POST /api/stats <view>` in the bench's tables. A view the hourly visits rollup answers is
// timed a second time read from the visits alone (`… <view> from visits`, the bench server's
// /bench/stats), to compare the two in one run.
const FILTERS = [
  ['is', 'visit:device', ['Mobile']],
  ['is', 'visit:channel', ['Organic Search', 'Email']],
  ['contains', 'event:page', ['/blog', '/services']],
];

const VIEWS: Record<string, object> = {
  figures: {
    metrics: ['visitors', 'visits', 'pageviews', 'views_per_visit', 'bounce_rate', 'visit_duration', 'leads', 'conversion_rate'],
    date_range: '30d',
    comparison: 'previous_period',
  },
  chart: { metrics: ['visitors'], date_range: '30d', dimensions: ['time:day'], comparison: 'previous_period' },
  sources: { metrics: ['visitors', 'bounce_rate'], date_range: '30d', dimensions: ['visit:source'], pagination: { limit: 10 } },
  channels: { metrics: ['visitors', 'conversion_rate'], date_range: '30d', dimensions: ['visit:channel'], pagination: { limit: 10 } },
  pages: { metrics: ['visitors', 'pageviews'], date_range: '30d', dimensions: ['event:page'], pagination: { limit: 10 } },
  devices: { metrics: ['visitors', 'percentage'], date_range: '30d', dimensions: ['visit:device'], pagination: { limit: 10 } },
  // No visitor count: the hourly rollup answers it at any size (stats/rollup.ts); chart, sources
  // and devices count visitors from its sketches once the period holds enough visits.
  'visits chart': {
    metrics: ['visits', 'pageviews', 'bounce_rate', 'visit_duration'],
    date_range: '30d',
    dimensions: ['time:day'],
    comparison: 'previous_period',
  },
};

export const TRAFFIC_VIEWS: ReadonlyMap<string, object> = new Map(
  Object.entries(VIEWS).flatMap(([name, body]) => [
    [`POST /api/stats ${name}`, body],
    [`POST /api/stats ${name} +3 filters`, { ...body, filters: FILTERS }],
  ]),
);

/** The suffix of a view's twin read from the visits alone; its body is the view's. */
export const FROM_VISITS = ' from visits';

/** The twins from the visits of the views the rollup answers (the planner's rules, stats/rollup.ts; the bench prints what each read). */
export const ROLLUP_TWINS: readonly string[] = [`POST /api/stats visits chart${FROM_VISITS}`];

/** The suffix of a view's twin whose visitors are merged from the hourly sketches, whatever the period holds. */
export const FROM_SKETCHES = ' from sketches';

/** The views counting visitors the sketches can answer, timed a second time from them (the planner picks them only for a large period). */
export const SKETCH_TWINS: readonly string[] = ['chart', 'sources', 'devices'].map((view) => `POST /api/stats ${view}${FROM_SKETCHES}`);
