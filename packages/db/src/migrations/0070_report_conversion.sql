-- A report view counts as a conversion only once the lead comes back to it: the visitor who
-- submitted is redirected to the report and sees it the moment it is ready, which says
-- nothing about interest. A view a minute or more after the report was ready (from the
-- e-mail, a bookmark, a second visit) is a conversion; the first such view is kept here.
ALTER TABLE audits ADD COLUMN report_converted_at timestamptz;
UPDATE audits SET report_converted_at = report_viewed_at
WHERE report_viewed AND completed_at IS NOT NULL AND report_viewed_at >= completed_at + interval '60 seconds';
