import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { currentLanguage, ensureLanguage, type ExposeOf, type RemoteModule, type RemoteName } from '@preloved/shared';
import { entryOf } from './remote-entry';
import { isOfflineModule, RemoteOfflineError, resilientRemotesPlugin } from './runtime-plugin';

// Remotes are found at run time from remotes.json beside index.html (name → manifest URL), so a
// remote is deployed by publishing its dist/ and the shell is never rebuilt for it.

type RemoteMap = Partial<Record<RemoteName, string>>;

let remotes: Promise<RemoteMap> | undefined;

function fetchRemotes(): Promise<RemoteMap> {
  return fetch('/remotes.json', { cache: 'no-cache' })
    .then((response) => (response.ok ? (response.json() as Promise<RemoteMap>) : {}))
    .catch(() => ({}))
    .then((map) => {
      if (Object.keys(map).length === 0) return map;
      try {
        registerPlugins([resilientRemotesPlugin()]);
        registerRemotes(
          Object.entries(map).map(([name, entry]) => ({
            name: name.replace(/-/g, '_'),
            entry: entryOf(entry as string),
          })),
        );
        return map;
      } catch (error) {
        // No federation runtime (a test, or a page without the shell's container): no remotes.
        console.warn('Remotes could not be registered', error);
        return {};
      }
    });
}

/**
 * The store's server (DESIGN §10): the same remotes.json, but each remote's server container. Called
 * again with `force` when a remote was redeployed (its server remoteEntry.js changed), so a running
 * server picks up the new build; the modules loaded from the old one are forgotten.
 */
export function setServerRemotes(map: RemoteMap, serverEntries: Partial<Record<RemoteName, string>>, force = false): void {
  const entries = Object.entries(serverEntries).map(([name, entry]) => ({ name: name.replace(/-/g, '_'), entry: entry as string }));
  if (entries.length > 0) registerRemotes(entries, { force });
  if (force) modules.clear();
  remotes = Promise.resolve(map);
}

/** Starts reading remotes.json; call as early as possible so it overlaps the rest of the boot. */
export function initRemotes(): Promise<RemoteMap> {
  remotes ??= fetchRemotes();
  return remotes;
}

export async function isRemoteConfigured(name: RemoteName): Promise<boolean> {
  return Boolean((await initRemotes())[name]);
}

const modules = new Map<string, Promise<unknown>>();

/**
 * Loads `remote/expose` once; a failure is forgotten so the next attempt (the retry button) tries
 * the network again instead of replaying the error.
 */
export function loadRemoteModule<R extends RemoteName, E extends ExposeOf<R>>(
  name: R,
  expose: E,
): Promise<RemoteModule<R, E>> {
  const id = `${name.replace(/-/g, '_')}/${expose}`;
  let found = modules.get(id) as Promise<RemoteModule<R, E>> | undefined;
  if (!found) {
    found = initRemotes().then(async () => {
      const module = await loadRemote<RemoteModule<R, E>>(id);
      if (isOfflineModule(module)) throw new RemoteOfflineError(id);
      if (!module) throw new Error(`Remote module ${id} is empty`);
      // A remote's Spanish catalogue is a chunk of its own, asked for when its module registers it:
      // the page renders (and hydrates) once it is in, never first in English.
      await ensureLanguage(currentLanguage()).catch(() => undefined);
      return module;
    });
    found.catch(() => modules.delete(id));
    modules.set(id, found);
  }
  return found;
}
