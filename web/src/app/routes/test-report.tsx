/** A plain test message, outside the site layout. */
export function TestReportRoute() {
  return <p>Test report page: this route is working.</p>;
}
