import { useLoaderData } from 'react-router';

/**
 * The data a remote page's own loader returned. The shell's route loads the remote module and runs
 * the page's loader before rendering, and hands both over as `{ page, data }`.
 */
export function usePageData<T>(): T {
  return (useLoaderData() as { data: T }).data;
}
