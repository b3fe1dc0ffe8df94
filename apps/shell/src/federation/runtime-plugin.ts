import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// The federation runtime's own hooks (module-federation-examples, runtime-plugins/offline-remote) make
// a flaky network less visible: a manifest or remoteEntry.js that fails once is asked for again after
// a pause, and a remote that stays unreachable resolves to an "offline" module instead of an exception
// thrown from deep inside the runtime. The shell's loader turns that module into RemoteOfflineError,
// which every remote boundary shows with a retry button.

const OFFLINE = Symbol.for('preloved.remote-offline');

export interface OfflineRemoteModule {
  [OFFLINE]: { id: string; error: unknown };
}

export function isOfflineModule(module: unknown): module is OfflineRemoteModule {
  return typeof module === 'object' && module !== null && OFFLINE in module;
}

/** A remote could not be reached even after the runtime's retries. */
export class RemoteOfflineError extends Error {
  constructor(
    readonly id: string,
    options?: { cause?: unknown },
  ) {
    super(`Remote module ${id} is offline`, options);
    this.name = 'RemoteOfflineError';
  }
}

export interface ResilientRemotesOptions {
  /** How many times a manifest or remote entry is asked for in all. */
  attempts?: number;
  /** The pause before the second attempt; it doubles before each later one. */
  delayMs?: number;
}

type EntryRecovery = ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function resilientRemotesPlugin({
  attempts = 3,
  delayMs = 300,
}: ResilientRemotesOptions = {}): ModuleFederationRuntimePlugin {
  return {
    name: 'preloved-resilient-remotes',
    // Manifests (mf-manifest.json) are fetched through this hook. A network error or a 5xx is tried
    // again; a 4xx is an answer (the remote is not there) and is returned as it is.
    async fetch(url: string, init: RequestInit) {
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await fetch(url, init);
          if (response.status < 500 || attempt >= attempts) return response;
        } catch (error) {
          if (attempt >= attempts) throw error;
        }
        await pause(delayMs * 2 ** (attempt - 1));
      }
    },
    // A remoteEntry.js whose script failed to load: the runtime hands over its own loader for another try.
    // (The hook's declared type nests a promise in the promise; awaiting flattens it, so the cast only restates it.)
    loadEntryError({
      getRemoteEntry,
      origin,
      remoteInfo,
      remoteEntryExports,
      globalLoading,
      uniqueKey,
    }) {
      return (async () => {
        for (let attempt = 2; attempt <= attempts; attempt++) {
          await pause(delayMs * 2 ** (attempt - 2));
          delete globalLoading[uniqueKey];
          try {
            const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (exports) return exports;
          } catch {
            // the next attempt, or the offline module below
          }
        }
        return undefined;
      })() as EntryRecovery;
    },
    // Only a module request that failed gets the offline module; a failed manifest (lifecycle
    // 'afterResolve') must stay an error, or the runtime would take the fallback for a manifest.
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      const offline: OfflineRemoteModule = { [OFFLINE]: { id, error } };
      return offline;
    },
  };
}
