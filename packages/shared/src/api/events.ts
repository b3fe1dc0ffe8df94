// The spec's error catalogue (§8) as events: the API client emits them, the shell reacts (toast,
// clear the session, navigate). Remotes never re-implement this.
export type ApiEvent =
  | { type: 'error-message'; message: string }
  | { type: 'unauthorized' }
  | { type: 'server-error' };

type Listener = (event: ApiEvent) => void;
const listeners = new Set<Listener>();

export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}
