-- The site's two lead-generation funnels, so a fresh install's funnel manager shows them.
-- Ids are their landing paths (the manager opens /{id}); leads join a funnel by form id or
-- by the slug of their source ('Marketing Audit Page' -> marketing-audit).
INSERT INTO funnels (id, name, title, subtitle, description, is_active, primary_color, config) VALUES
  ('marketing-audit', 'Free Marketing Audit', 'Get Your Free Marketing Audit',
   'Website, SEO and lead-generation review in 24 hours',
   'Visitors enter their website and business name and receive a Growth Opportunities Report by e-mail.',
   true, '#dc2626', '{}'::jsonb),
  ('real-estate-marketing-report', 'Real Estate Marketing Report', 'Real Estate Marketing Report',
   'A sample report that leads to the free audit',
   'Shows what the report contains, with a sample of results, and sends visitors to request their own audit.',
   true, '#1d4ed8', '{}'::jsonb)
ON CONFLICT (id) DO NOTHING;
