import { api } from '@preloved/shared';
import { useCallback, useEffect, useState } from 'react';

// The console's calls to /api/backoffice/*. The staff session is an HttpOnly cookie the browser sends
// with them (same origin); the console's code never holds it. Every call shows its own refusals (the
// shoppers' error toasts and sign-in panel are not the console's), so `handlesErrors` is always set.
const own = { handlesErrors: true };

type Query = Record<string, string | number | boolean | undefined>;

const clean = (query?: Query) =>
  query ? (Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number | boolean>) : undefined;

/** An answer's JSON; undefined for an answer without a body (a decision's 204). */
const bodyOf = async <T>(text: Promise<string>): Promise<T> => {
  const body = await text;
  return (body ? JSON.parse(body) : undefined) as T;
};

export const consoleApi = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    api().get(`backoffice/${path}`, { searchParams: clean(query), signal, context: own }).json<T>(),
  post: <T>(path: string, json: unknown = {}) => bodyOf<T>(api().post(`backoffice/${path}`, { json, context: own }).text()),
  put: <T>(path: string, json: unknown) => bodyOf<T>(api().put(`backoffice/${path}`, { json, context: own }).text()),
  delete: (path: string) => api().delete(`backoffice/${path}`, { context: own }),
};

/** The address of a console download (a CSV file), with its query: a plain link the browser saves. */
export function downloadUrl(path: string, query?: Query): string {
  const params = new URLSearchParams(Object.entries(clean(query) ?? {}).map(([key, value]) => [key, String(value)]));
  const search = params.toString();
  return `/api/backoffice/${path}${search ? `?${search}` : ''}`;
}

export interface ConsoleData<T> {
  data: T | undefined;
  /** The failed load, as thrown (read it with describeError). */
  error: unknown;
  loading: boolean;
  /** Loads again (after an action changed what the page shows). */
  reload: () => void;
}

/**
 * A GET of the console, loaded when the page opens and again when `path` or `query` change; a newer
 * load aborts the older one. `path` null waits (nothing to ask yet).
 */
export function useConsoleData<T>(path: string | null, query?: Query): ConsoleData<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: path !== null });
  const [round, setRound] = useState(0);
  const key = JSON.stringify(clean(query) ?? {});
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    consoleApi
      .get<T>(path, JSON.parse(key) as Query, controller.signal)
      .then((data) => setState({ data, error: undefined, loading: false }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState((current) => ({ data: current.data, error, loading: false }));
      });
    return () => controller.abort();
  }, [path, key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}
