import type { ReportInput, ReportReceipt } from '@preloved/contract';
import { api } from '@preloved/shared';

// The report dialog's call, through the one API client of @preloved/shared. It lives with the dialog
// (`@preloved/ui/report`, a lazily loaded chunk of the pages that offer a report) rather than in
// @preloved/shared: the shell loads that package on every first view, and its JavaScript budget has no
// room for it. The form shows the 422's field keys itself.

/** POST /api/reports — 201 with the report's reference; an acknowledgement is mailed when there is an address. */
export function reportContent(json: ReportInput): Promise<ReportReceipt> {
  return api().post('reports', { json, context: { handlesErrors: true } }).json<ReportReceipt>();
}
