import styles from './audit-report.module.css';

export type ReportSection = 'scores' | 'analysis' | 'actions';

export const NAV: Array<{ id: ReportSection; title: string; icon: string; items: Array<{ anchor: string; label: string }> }> = [
  {
    id: 'scores',
    title: 'Detailed Scores',
    icon: '◔',
    items: [
      { anchor: 'score-website', label: 'Website Performance' },
      { anchor: 'score-seo', label: 'SEO' },
      { anchor: 'score-leadGen', label: 'Lead Generation' },
      { anchor: 'score-social', label: 'Social Media' },
      { anchor: 'score-content', label: 'Content Strategy' },
      { anchor: 'score-technical', label: 'Technical Performance' },
    ],
  },
  {
    id: 'analysis',
    title: 'Market Analysis',
    icon: '◎',
    items: [
      { anchor: 'website-overview', label: 'Website Overview' },
      { anchor: 'social-presence', label: 'Social Presence' },
      { anchor: 'business-information', label: 'Business Information' },
      { anchor: 'real-estate-features', label: 'Real Estate Features' },
      { anchor: 'competitive-analysis', label: 'Competitive Analysis' },
    ],
  },
  {
    id: 'actions',
    title: 'Action Plan',
    icon: '✓',
    items: [
      { anchor: 'quick-wins', label: 'Quick Wins (0-30 days)' },
      { anchor: 'medium-term', label: 'Medium Term (1-3 months)' },
      { anchor: 'long-term', label: 'Long Term (3+ months)' },
      { anchor: 'investment', label: 'Investment & ROI' },
    ],
  },
];

export function SideNav({
  active,
  onSelect,
  collapsed,
  onToggle,
}: {
  active: ReportSection;
  onSelect: (section: ReportSection, anchor?: string) => void;
  collapsed: boolean;
  onToggle: () => void;
}) {
  return (
    <nav className={styles.sideNav} aria-label="Report sections" data-testid="report-side-nav">
      <button
        type="button"
        className={`button button-outline ${styles.navToggle}`}
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
      >
        {collapsed ? '»' : '« Collapse'}
      </button>
      {NAV.map((section) => (
        <div key={section.id} className={styles.navSection}>
          <button
            type="button"
            className={styles.navSectionButton}
            aria-current={active === section.id}
            onClick={() => onSelect(section.id)}
            data-testid={`nav-${section.id}`}
            title={section.title}
          >
            <span aria-hidden="true" className={styles.navIcon}>
              {section.icon}
            </span>
            {collapsed ? <span className="visually-hidden">{section.title}</span> : section.title}
          </button>
          {!collapsed && (
            <ul className={styles.navItems}>
              {section.items.map((item) => (
                <li key={item.anchor}>
                  <a
                    href={`#${item.anchor}`}
                    onClick={(e) => {
                      e.preventDefault();
                      onSelect(section.id, item.anchor);
                    }}
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </nav>
  );
}
