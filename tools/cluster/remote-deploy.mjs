// Independent deploy and rollback of one remote while the store serves (item 4).
//
// The deploy folder (`.deploy/` at the workspace root by default) holds:
//   remotes.json                          the deploy-time remotes.json (REMOTES_JSON of `pnpm serve` and
//                                         `pnpm cluster`): what every new page and every server render uses
//   releases/<remote>/<version>/          a copy of one build of a remote (browser and server containers),
//                                         served at /releases/<remote>/<version>/, never changed: immutable
//   releases/<remote>/history.json        what was made live, in order (rollback goes back one step)
//
// A version is named by the content of the build (12 hex digits of a SHA-256): deploying the same
// build twice changes nothing. remotes.json is switched by writing a temporary file beside it and
// renaming it over the old one, so a reader sees the old file or the new one, never half of either.
// The last KEEP versions stay on disk: a page loaded before a deploy (or a rollback) still finds the
// chunks of the version it started with.
import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export const KEEP = 5;
const VERSION = /^[0-9a-f]{12}$/;
const REMOTE_NAME = /^[a-z][a-z-]*$/;

/** The URL a released version's browser manifest is served at (the server container is beside it). */
export const releaseUrl = (name, version) => `/releases/${name}/${version}/mf-manifest.json`;

/** Every file under `dir`, relative, sorted (the same order on every machine). */
function filesOf(dir, prefix = '') {
  const files = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...filesOf(dir, relative));
    else files.push(relative);
  }
  return files;
}

/** The version of a build: a hash of its file names and contents. */
export function versionOf(dist) {
  const hash = createHash('sha256');
  for (const file of filesOf(dist)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(dist, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Writes a file so that readers see the old content or the new, never a part: temp file, fsync, rename. */
export function writeAtomically(file, content) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(temporary, 'w', 0o644);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

const readJson = (file, fallback) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return fallback;
    throw new Error(`${file} is not valid JSON: ${error.message}`, { cause: error });
  }
};

const historyFile = (deployDir, name) => path.join(deployDir, 'releases', name, 'history.json');
const remotesFile = (deployDir) => path.join(deployDir, 'remotes.json');

/**
 * Makes sure the deploy folder has a remotes.json (the built shell's, at first) and a releases
 * folder. A remote the built file names and the deployed one lacks (a remote added since) is added.
 * Returns the remotes.json path, for REMOTES_JSON.
 */
export function prepareDeployDir({ deployDir, builtRemotesJson }) {
  mkdirSync(path.join(deployDir, 'releases'), { recursive: true });
  const file = remotesFile(deployDir);
  const built = readJson(builtRemotesJson, {});
  const deployed = readJson(file, undefined);
  const merged = { ...built, ...deployed };
  if (!deployed || Object.keys(merged).length !== Object.keys(deployed).length) writeAtomically(file, `${JSON.stringify(merged, null, 2)}\n`);
  return file;
}

/** Serialises deploys of one deploy folder: a second one at the same time is refused. */
function withLock(deployDir, work) {
  mkdirSync(deployDir, { recursive: true });
  const lock = path.join(deployDir, '.lock');
  let fd;
  try {
    fd = openSync(lock, 'wx');
  } catch (error) {
    if (error.code === 'EEXIST') throw new Error(`another deploy or rollback is running (${lock}; remove it if none is)`, { cause: error });
    throw error;
  }
  try {
    writeSync(fd, String(process.pid));
    return work();
  } finally {
    closeSync(fd);
    unlinkSync(lock);
  }
}

function checkName(name, remotes) {
  if (!REMOTE_NAME.test(name ?? '')) throw new Error(`"${name}" is not a remote's name`);
  if (remotes && !(name in remotes)) throw new Error(`remotes.json has no remote "${name}" (it has ${Object.keys(remotes).join(', ') || 'none'})`);
}

/** Deletes the versions that are neither among the last KEEP made live nor among the last KEEP deployed. */
function prune(deployDir, name, history, keep) {
  const kept = new Set([...history.live.slice(-keep), ...history.recent.slice(0, keep)].map((entry) => entry.version ?? entry));
  const dir = path.join(deployDir, 'releases', name);
  const removed = [];
  for (const entry of readdirSync(dir)) {
    if (VERSION.test(entry) && !kept.has(entry)) {
      rmSync(path.join(dir, entry), { recursive: true, force: true });
      removed.push(entry);
    }
  }
  return removed;
}

/**
 * Copies a remote's build into releases/<name>/<version>/ and switches remotes.json to it.
 * @returns {{ version: string, url: string, previous: string | undefined, unchanged: boolean, removed: string[] }}
 */
export function deployRemote({ deployDir, name, dist, commit, now = new Date(), keep = KEEP }) {
  return withLock(deployDir, () => {
    const remotes = readJson(remotesFile(deployDir), undefined);
    if (!remotes) throw new Error(`${remotesFile(deployDir)} does not exist: prepare the deploy folder first`);
    checkName(name, remotes);
    if (!existsSync(path.join(dist, 'mf-manifest.json')) || !existsSync(path.join(dist, 'remoteEntry.js'))) {
      throw new Error(`${dist} is not a production build of ${name} (no mf-manifest.json / remoteEntry.js): build it first`);
    }
    const version = versionOf(dist);
    const url = releaseUrl(name, version);
    const target = path.join(deployDir, 'releases', name, version);
    if (!existsSync(target)) {
      // Copied under a temporary name, then renamed: a version folder is whole or absent.
      const staging = `${target}.${process.pid}.tmp`;
      rmSync(staging, { recursive: true, force: true });
      cpSync(dist, staging, { recursive: true, dereference: true });
      renameSync(staging, target);
    }
    const history = readJson(historyFile(deployDir, name), { live: [], recent: [] });
    const previous = remotes[name];
    if (previous === url) return { version, url, previous, unchanged: true, removed: [] };
    // The first deploy remembers what was live before (the build served in place) as the step back.
    if (history.live.length === 0 || history.live.at(-1).url !== previous) {
      const version = /^\/releases\/[a-z-]+\/([0-9a-f]{12})\//.exec(previous ?? '')?.[1] ?? null;
      history.live.push({ version, url: previous, deployedAt: null, commit: null });
    }
    history.live = [...history.live.filter((entry) => entry.version !== version), { version, url, deployedAt: now.toISOString(), commit: commit ?? null }].slice(-keep);
    history.recent = [version, ...history.recent.filter((entry) => entry !== version)].slice(0, keep);
    writeAtomically(historyFile(deployDir, name), `${JSON.stringify(history, null, 2)}\n`);
    writeAtomically(remotesFile(deployDir), `${JSON.stringify({ ...remotes, [name]: url }, null, 2)}\n`);
    return { version, url, previous, unchanged: false, removed: prune(deployDir, name, history, keep) };
  });
}

/**
 * Switches remotes.json back to the version that was live before the current one. The version rolled
 * back from stays on disk (pages loaded with it keep loading its chunks).
 * @returns {{ from: string, to: string, version: string | null }}
 */
export function rollbackRemote({ deployDir, name, keep = KEEP }) {
  return withLock(deployDir, () => {
    const remotes = readJson(remotesFile(deployDir), undefined);
    if (!remotes) throw new Error(`${remotesFile(deployDir)} does not exist: nothing was deployed`);
    checkName(name, remotes);
    const history = readJson(historyFile(deployDir, name), { live: [], recent: [] });
    const current = remotes[name];
    if (history.live.length === 0) throw new Error(`${name} was never deployed: there is no earlier version to roll back to`);
    if (history.live.at(-1).url !== current) {
      throw new Error(`remotes.json names ${current} for ${name}, not the last deployed version (${history.live.at(-1).url}): it was changed by hand; fix it first`);
    }
    if (history.live.length < 2) {
      const what = history.live[0].version ? `version ${history.live[0].version}` : `${current}, the build served before its first deploy`;
      throw new Error(`${name} has no earlier version to roll back to (it is on ${what})`);
    }
    const back = history.live.at(-2);
    const folder = back.version ? path.join(deployDir, 'releases', name, back.version) : undefined;
    if (folder && !statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`the earlier version ${back.version} of ${name} is no longer on disk (${folder})`);
    history.live = history.live.slice(0, -1);
    if (back.version) history.recent = [back.version, ...history.recent.filter((entry) => entry !== back.version)].slice(0, keep);
    writeAtomically(historyFile(deployDir, name), `${JSON.stringify(history, null, 2)}\n`);
    writeAtomically(remotesFile(deployDir), `${JSON.stringify({ ...remotes, [name]: back.url }, null, 2)}\n`);
    return { from: current, to: back.url, version: back.version };
  });
}
