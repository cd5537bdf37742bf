// From findings to advice: recommendations with effort, cost and return, the 30/90-day
// action plan and the investment summary. Fixed tables per check category keep the same
// findings always giving the same plan.
import type { CheckCategory, Finding, Recommendation } from '@curb/contracts/audit';

interface CategoryAdvice {
  category: Recommendation['category'];
  time: string;
  /** Typical cost range in USD when the owner hires help. */
  cost: [number, number];
  roi: string;
  impact: string;
  /** Quick wins go to the 0-30 day list; the rest to 1-3 months. */
  quick: boolean;
  effort: 'Low' | 'Medium' | 'High';
}

export const ADVICE: Record<CheckCategory, CategoryAdvice> = {
  crawlability: {
    category: 'SEO',
    time: '1-3 days',
    cost: [0, 300],
    roi: 'High',
    impact: 'Every page you want found can be crawled and indexed',
    quick: true,
    effort: 'Low',
  },
  'on-page': {
    category: 'SEO',
    time: '1-2 hours per page',
    cost: [0, 200],
    roi: 'High',
    impact: 'More clicks from the same search positions',
    quick: true,
    effort: 'Low',
  },
  links: {
    category: 'SEO',
    time: '1-2 days',
    cost: [0, 200],
    roi: 'Medium',
    impact: 'Visitors and crawlers reach every page',
    quick: true,
    effort: 'Low',
  },
  images: {
    category: 'Content',
    time: '2-4 hours',
    cost: [0, 150],
    roi: 'Medium',
    impact: 'Faster pages and listing photos found in image search',
    quick: false,
    effort: 'Low',
  },
  security: {
    category: 'Technical',
    time: '1 day',
    cost: [0, 150],
    roi: 'High',
    impact: 'No browser warnings; visitors trust your forms',
    quick: true,
    effort: 'Low',
  },
  performance: {
    category: 'Technical',
    time: '1-2 weeks',
    cost: [200, 1500],
    roi: 'High',
    impact: 'Fewer visitors leave before the page loads',
    quick: false,
    effort: 'High',
  },
  'structured-data': {
    category: 'SEO',
    time: '2-4 hours',
    cost: [0, 250],
    roi: 'Medium',
    impact: 'Rich results and a business knowledge panel',
    quick: true,
    effort: 'Low',
  },
  social: {
    category: 'Social',
    time: '1 hour',
    cost: [0, 100],
    roi: 'Medium',
    impact: 'Shared links show your photo, title and pitch',
    quick: true,
    effort: 'Low',
  },
  'ai-search': {
    category: 'Content',
    time: '2-4 hours',
    cost: [0, 200],
    roi: 'Medium',
    impact: 'Recommended and cited by AI assistants',
    quick: true,
    effort: 'Low',
  },
  'real-estate': {
    category: 'Lead Generation',
    time: '1-4 weeks',
    cost: [300, 2500],
    roi: 'High',
    impact: 'More buyer and seller leads captured on your own site',
    quick: false,
    effort: 'Medium',
  },
  'social-presence': {
    category: 'Social',
    time: '1-2 hours',
    cost: [0, 100],
    roi: 'Medium',
    impact: 'Prospects find your reviews and sales history',
    quick: true,
    effort: 'Low',
  },
  'business-info': {
    category: 'Lead Generation',
    time: '1 hour',
    cost: [0, 100],
    roi: 'High',
    impact: 'Ready prospects can reach you in one tap',
    quick: true,
    effort: 'Low',
  },
  analytics: {
    category: 'Technical',
    time: '2-4 hours',
    cost: [0, 300],
    roi: 'Medium',
    impact: 'You see which marketing brings leads',
    quick: true,
    effort: 'Low',
  },
  accessibility: {
    category: 'Technical',
    time: '1-2 days',
    cost: [0, 400],
    roi: 'Medium',
    impact: 'Usable by every visitor, fewer legal risks',
    quick: false,
    effort: 'Medium',
  },
};

const PRIORITY = { Critical: 'High', Warning: 'Medium', Notice: 'Low' } as const;

/** Critical and warning findings first; notices only to reach a minimum of three. */
function actionable(findings: Finding[]): Finding[] {
  const important = findings.filter((f) => f.severity !== 'Notice');
  return important.length >= 3
    ? important
    : [...important, ...findings.filter((f) => f.severity === 'Notice').slice(0, 3 - important.length)];
}

export function recommendationsFrom(findings: Finding[], limit = 8): Recommendation[] {
  return actionable(findings)
    .slice(0, limit)
    .map((f) => {
      const a = ADVICE[f.category];
      return {
        title: f.title,
        description: `${f.detail} ${f.fix}`,
        priority: PRIORITY[f.severity],
        timeToComplete: a.time,
        costEstimate: money(a.cost),
        roi: a.roi,
        impact: a.impact,
        category: a.category,
      };
    });
}

export function actionPlanFrom(findings: Finding[]): { immediate: string[]; shortTerm: string[]; longTerm: string[] } {
  const fixes = (list: Finding[]) => [...new Set(list.map((f) => f.fix))].slice(0, 5);
  const critical = findings.filter((f) => f.severity === 'Critical');
  const warnings = findings.filter((f) => f.severity === 'Warning');
  const immediate = fixes([...critical, ...warnings.filter((f) => ADVICE[f.category].quick)]);
  const shortTerm = fixes(warnings.filter((f) => !ADVICE[f.category].quick && !immediate.includes(f.fix)));
  const longTerm = fixes(findings.filter((f) => f.severity === 'Notice'));
  return { immediate, shortTerm, longTerm };
}

export function investmentFrom(
  findings: Finding[],
  overall: number,
  https: boolean,
): { estimatedCost: string; timeframe: string; expectedROI: string; riskLevel: 'Low' | 'Medium' | 'High' } {
  const picked = actionable(findings).slice(0, 8);
  const categories = [...new Set(picked.map((f) => f.category))];
  const low = categories.reduce((n, c) => n + ADVICE[c].cost[0], 0);
  const high = categories.reduce((n, c) => n + ADVICE[c].cost[1], 0);
  const needsBuild = categories.some((c) => ADVICE[c].effort !== 'Low');
  return {
    estimatedCost: high === 0 ? 'Under $100 (mostly do-it-yourself)' : `${money([low, high])}`,
    timeframe: needsBuild ? '90 days' : '30 days',
    // No lead figure is promised: nothing measured here says how many more leads this site will get.
    // What the score does say is how much of the site the fixes touch.
    expectedROI:
      overall < 60
        ? 'The most to gain: these fixes address problems that cost leads today'
        : overall < 80
          ? 'A clear gain: the fixes remove the main things that turn visitors away'
          : 'A smaller gain: the site already does most things right',
    // Risk of the plan itself: a hosting or security change (no HTTPS, site down) is the riskiest work.
    riskLevel: !https || findings.some((f) => f.id === 'crawl.status-error') ? 'High' : needsBuild ? 'Medium' : 'Low',
  };
}

function money([low, high]: [number, number]): string {
  const f = (n: number) => `$${n.toLocaleString('en-US')}`;
  return low === high ? f(low) : `${f(low)} - ${f(high)}`;
}
