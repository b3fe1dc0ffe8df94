// The import boundaries of CONVENTIONS.md as import-x/no-restricted-paths zones, computed from the
// folders that exist, so a new app or feature is covered without editing the lint config.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const subdirs = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/** Every app and remote folder, relative to the root: apps/shell, remotes/catalog, ... */
export function appDirs(root) {
  return ['apps', 'remotes'].flatMap((group) =>
    subdirs(path.join(root, group)).map((name) => `${group}/${name}`),
  );
}

/**
 * Inside an app, features/* never import each other: what two features share goes to components/,
 * navigation/ or lib/ (bulletproof-react's one zone per feature).
 */
export function featureZones(root) {
  return appDirs(root).flatMap((app) => {
    const features = `${app}/src/features`;
    return subdirs(path.join(root, features)).map((feature) => ({
      target: `./${features}/${feature}`,
      from: `./${features}`,
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: move what both need to components/, navigation/ or lib/.',
    }));
  });
}

/** An app or remote never reaches into another one's files; remotes compose through exposed modules. */
export function appZones(root) {
  const apps = appDirs(root);
  return apps.map((app) => ({
    target: `./${app}`,
    from: apps.filter((other) => other !== app).map((other) => `./${other}`),
    message:
      'An app never imports another app’s files: compose remotes through their exposed modules, share code through packages/.',
  }));
}

/**
 * The packages, lowest first: each imports only the ones before it (contract ← shared ← ui), and no
 * package imports an app or a remote. The API is a server: of the packages it imports the contract only.
 */
export const PACKAGE_LAYERS = ['contract', 'shared', 'ui'];

export function packageZones(root) {
  const apps = appDirs(root).map((app) => `./${app}`);
  const layers = PACKAGE_LAYERS.filter((name) => existsSync(path.join(root, 'packages', name)));
  return [
    ...layers.map((name, index) => ({
      target: `./packages/${name}`,
      from: [...layers.slice(index + 1).map((above) => `./packages/${above}`), ...apps],
      message: `Packages import only downward (${PACKAGE_LAYERS.join(' ← ')}), and never an app or a remote.`,
    })),
    ...(existsSync(path.join(root, 'apps/api'))
      ? [{ target: './apps/api', from: layers.filter((name) => name !== 'contract').map((name) => `./packages/${name}`), message: 'The API imports the contract only: shared and ui are browser code.' }]
      : []),
  ];
}

/** Per package, the workspace packages above it, by name (`@preloved/ui` for shared, ...). */
export function packagesAbove() {
  return PACKAGE_LAYERS.map((name, index) => ({ name, above: PACKAGE_LAYERS.slice(index + 1).map((other) => `@preloved/${other}`) }));
}
