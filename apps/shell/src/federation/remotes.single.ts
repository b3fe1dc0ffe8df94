import { currentLanguage, ensureLanguage, type ExposeOf, type RemoteModule, type RemoteName } from '@preloved/shared';
import type * as federated from './remotes';
import { exposedModules } from './single-exposes';

// remotes.ts for the single-bundle build of the shell (tools/webpack: `--env singleBundle` or
// PRELOVED_SINGLE_BUNDLE=1), which swaps this file in for it: every remote's exposed modules are part
// of the shell's own build and loaded with `import()` (a chunk per expose, as a route's page), without
// the federation runtime or remotes.json. It exists to measure what federation costs (`pnpm bench web`).

type RemoteMap = Partial<Record<RemoteName, string>>;

/** Every remote is "configured": it is in the bundle. */
const bundled: Promise<RemoteMap> = Promise.resolve(
  Object.fromEntries(Object.keys(exposedModules).map((name) => [name, 'single-bundle'])) as RemoteMap,
);

/** The server has nothing to register: the remotes' pages are in its own bundle too. */
export function setServerRemotes(): void {}

export function initRemotes(): Promise<RemoteMap> {
  return bundled;
}

export async function isRemoteConfigured(name: RemoteName): Promise<boolean> {
  return Boolean((await bundled)[name]);
}

const modules = new Map<string, Promise<unknown>>();

/** Loads `remote/expose` once; a failed chunk load is forgotten so that the retry button tries again. */
export function loadRemoteModule<R extends RemoteName, E extends ExposeOf<R>>(
  name: R,
  expose: E,
): Promise<RemoteModule<R, E>> {
  const id = `${name}/${expose}`;
  let found = modules.get(id) as Promise<RemoteModule<R, E>> | undefined;
  if (!found) {
    const load = (exposedModules[name] as Partial<Record<E, () => Promise<RemoteModule<R, E>>>> | undefined)?.[expose];
    // As remotes.ts: the page renders once the remote's catalogue of the language is in.
    found = load
      ? load().then(async (module) => {
          await ensureLanguage(currentLanguage()).catch(() => undefined);
          return module;
        })
      : Promise.reject(new Error(`Remote module ${id} is not in the single bundle`));
    found.catch(() => modules.delete(id));
    modules.set(id, found);
  }
  return found;
}

// The same surface as remotes.ts (the typecheck fails when the two drift apart).
const surface: typeof federated = { setServerRemotes, initRemotes, isRemoteConfigured, loadRemoteModule };
void surface;
