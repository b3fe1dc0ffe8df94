import { useCallback, useState } from 'react';

// A message being written survives a reload: it is kept in the tab's sessionStorage as it is typed
// (not localStorage: a draft is the tab's, like the checkout's form, and is not left behind on a
// shared computer once the tab is closed), and forgotten once sent.
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // A browser that refuses storage (privacy settings) keeps the draft in memory only.
    return null;
  }
}

/** The draft under `key` and its setter; an empty draft is removed. */
export function useDraft(key: string): [string, (text: string) => void] {
  const [draft, setDraftState] = useState(() => storage()?.getItem(key) ?? '');
  const setDraft = useCallback(
    (text: string) => {
      setDraftState(text);
      try {
        if (text) storage()?.setItem(key, text);
        else storage()?.removeItem(key);
      } catch {
        // A full storage keeps the draft in memory only.
      }
    },
    [key],
  );
  return [draft, setDraft];
}
