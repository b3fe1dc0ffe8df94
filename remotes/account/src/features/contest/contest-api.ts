import type { ContestInput, ContestView } from '@preloved/contract';
import { api } from '@preloved/shared';

// The contest page's calls, through the one API client of @preloved/shared; they live with the page
// (only it makes them), not in @preloved/shared, which every first view loads. The page shows the
// refusals itself, so the toast is skipped.
const own = { handlesErrors: true };

/** GET /api/reports/contest/:token — the decision a statement of reasons links to. */
export function getContest(token: string, signal?: AbortSignal): Promise<ContestView> {
  return api().get(`reports/contest/${encodeURIComponent(token)}`, { signal, context: own }).json<ContestView>();
}

/** POST /api/reports/contest/:token — the seller's contest, once. */
export function sendContest(token: string, json: ContestInput): Promise<ContestView> {
  return api().post(`reports/contest/${encodeURIComponent(token)}`, { json, context: own }).json<ContestView>();
}
