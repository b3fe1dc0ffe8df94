import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deployRemote, prepareDeployDir, releaseUrl, rollbackRemote, versionOf } from './remote-deploy.mjs';

// `pnpm run deploy remote <name>` / `pnpm rollback remote <name>` (item 4) on real folders.

let work: string;
let deployDir: string;
const shellRemotes = { catalog: '/remotes/catalog/mf-manifest.json', search: '/remotes/search/mf-manifest.json' };

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'preloved-deploy-'));
  deployDir = path.join(work, 'deploy');
  writeFileSync(path.join(work, 'shell-remotes.json'), JSON.stringify(shellRemotes));
  prepareDeployDir({ deployDir, builtRemotesJson: path.join(work, 'shell-remotes.json') });
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A build of the catalog remote whose code says `label`: browser and server containers, a chunk. */
function build(label: string): string {
  const dist = path.join(work, `dist-${label}`);
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'catalog', label }));
  writeFileSync(path.join(dist, 'remoteEntry.js'), `var catalog = "${label}";`);
  writeFileSync(path.join(dist, '412.0f1e2d3c.js'), `console.info("${label}")`);
  writeFileSync(path.join(dist, 'server/remoteEntry.js'), `module.exports = "${label}";`);
  return dist;
}
const remotes = () => JSON.parse(readFileSync(path.join(deployDir, 'remotes.json'), 'utf8')) as Record<string, string>;
const versions = () => readdirSync(path.join(deployDir, 'releases/catalog')).filter((entry) => /^[0-9a-f]{12}$/.test(entry)).sort();
const deploy = (label: string, keep?: number) => deployRemote({ deployDir, name: 'catalog', dist: build(label), commit: 'abc1234', keep });

describe('deploying a remote', () => {
  it('copies the build into a folder named by its content and points remotes.json at it, the other remotes untouched', () => {
    const dist = build('one');
    const before = statSync(path.join(deployDir, 'remotes.json')).ino;
    const result = deployRemote({ deployDir, name: 'catalog', dist });
    expect(result.version).toBe(versionOf(dist));
    expect(result.version).toMatch(/^[0-9a-f]{12}$/);
    expect(remotes()).toEqual({ ...shellRemotes, catalog: `/releases/catalog/${result.version}/mf-manifest.json` });
    const folder = path.join(deployDir, 'releases/catalog', result.version);
    expect(readFileSync(path.join(folder, 'server/remoteEntry.js'), 'utf8')).toBe('module.exports = "one";');
    expect(readFileSync(path.join(folder, '412.0f1e2d3c.js'), 'utf8')).toBe('console.info("one")');
    // A new file renamed over the old one, and nothing left beside it.
    expect(statSync(path.join(deployDir, 'remotes.json')).ino).not.toBe(before);
    expect(readdirSync(deployDir).filter((file) => file.endsWith('.tmp'))).toEqual([]);
    expect(readdirSync(path.join(deployDir, 'releases/catalog')).filter((file) => file.includes('.tmp'))).toEqual([]);
  });

  it('names a version by its content: another build is another version, the same build again changes nothing', () => {
    const first = deploy('one');
    const second = deploy('two');
    expect(second.version).not.toBe(first.version);
    expect(second.previous).toBe(releaseUrl('catalog', first.version));
    const again = deployRemote({ deployDir, name: 'catalog', dist: path.join(work, 'dist-two') });
    expect(again).toMatchObject({ version: second.version, unchanged: true });
    expect(remotes().catalog).toBe(releaseUrl('catalog', second.version));
  });

  it('keeps the last versions on disk (old pages still load their chunks) and removes older ones', () => {
    const deployed = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((label) => deploy(label, 5).version);
    expect(versions()).toEqual(deployed.slice(-5).sort());
    expect(remotes().catalog).toBe(releaseUrl('catalog', deployed.at(-1)!));
  });

  it('refuses a folder that is not a build, and a remote remotes.json does not name', () => {
    const empty = path.join(work, 'empty');
    mkdirSync(empty);
    expect(() => deployRemote({ deployDir, name: 'catalog', dist: empty })).toThrow(/not a production build of catalog/);
    expect(() => deployRemote({ deployDir, name: 'wishlist', dist: build('one') })).toThrow('remotes.json has no remote "wishlist"');
    expect(remotes()).toEqual(shellRemotes);
  });

  it('refuses to run while another deploy holds the deploy folder', () => {
    writeFileSync(path.join(deployDir, '.lock'), '1');
    expect(() => deploy('one')).toThrow(/another deploy or rollback is running/);
    expect(remotes()).toEqual(shellRemotes);
  });

  it('never lets a reader see half a remotes.json while it is switched again and again', async () => {
    const file = path.join(deployDir, 'remotes.json');
    const stop = path.join(work, 'stop');
    const one = deploy('one');
    const two = deploy('two');
    // Another process reads the file as fast as it can, as a server would, and counts what does not parse.
    const reader = spawn(process.execPath, [
      '-e',
      `const fs = require('fs'); let reads = 0, broken = 0; process.stdout.write('ready\\n');
       while (!fs.existsSync(${JSON.stringify(stop)})) { try { JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8')); } catch { broken++; } reads++; }
       process.stdout.write(JSON.stringify({ reads, broken }));`,
    ]);
    let output = '';
    const ready = new Promise((resolve) => reader.stdout.once('data', resolve));
    reader.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    const done = new Promise((resolve) => reader.on('exit', resolve));
    await ready;
    for (let n = 0; n < 30; n++) deployRemote({ deployDir, name: 'catalog', dist: path.join(work, n % 2 ? 'dist-two' : 'dist-one') });
    writeFileSync(stop, '');
    await done;
    const { reads, broken } = JSON.parse(output.replace('ready\n', '')) as { reads: number; broken: number };
    expect(reads).toBeGreaterThan(30);
    expect(broken).toBe(0);
    expect(remotes().catalog).toBe(releaseUrl('catalog', two.version));
    expect(one.version).not.toBe(two.version);
  });
});

describe('rolling a remote back', () => {
  it('switches to the version live before, keeps the one rolled back from, and goes back one step each time', () => {
    const one = deploy('one');
    const two = deploy('two');
    expect(rollbackRemote({ deployDir, name: 'catalog' })).toEqual({ from: releaseUrl('catalog', two.version), to: releaseUrl('catalog', one.version), version: one.version });
    expect(remotes().catalog).toBe(releaseUrl('catalog', one.version));
    expect(existsSync(path.join(deployDir, 'releases/catalog', two.version, 'remoteEntry.js'))).toBe(true);
    // Before the first deploy the build served in place was live: the last step back.
    expect(rollbackRemote({ deployDir, name: 'catalog' }).to).toBe('/remotes/catalog/mf-manifest.json');
    expect(remotes()).toEqual(shellRemotes);
    expect(() => rollbackRemote({ deployDir, name: 'catalog' })).toThrow('catalog has no earlier version to roll back to (it is on /remotes/catalog/mf-manifest.json, the build served before its first deploy)');
    expect(remotes()).toEqual(shellRemotes);
  });

  it('is refused with a clear message for a remote never deployed, leaving remotes.json as it was', () => {
    expect(() => rollbackRemote({ deployDir, name: 'search' })).toThrow('search was never deployed: there is no earlier version to roll back to');
    expect(remotes()).toEqual(shellRemotes);
  });

  it('is refused when remotes.json was changed by hand since the last deploy', () => {
    deploy('one');
    deploy('two');
    writeFileSync(path.join(deployDir, 'remotes.json'), JSON.stringify({ ...shellRemotes, catalog: '/elsewhere/mf-manifest.json' }));
    expect(() => rollbackRemote({ deployDir, name: 'catalog' })).toThrow(/changed by hand/);
  });

  it('after a rollback, a new deploy becomes live and the next rollback returns to the version rolled back to', () => {
    const one = deploy('one');
    deploy('two');
    rollbackRemote({ deployDir, name: 'catalog' });
    const three = deploy('three');
    expect(remotes().catalog).toBe(releaseUrl('catalog', three.version));
    expect(rollbackRemote({ deployDir, name: 'catalog' }).to).toBe(releaseUrl('catalog', one.version));
  });
});

describe('the deploy folder', () => {
  it('starts from the shell’s remotes.json and gains a remote added since, without undoing a deploy', () => {
    const one = deploy('one');
    writeFileSync(path.join(work, 'shell-remotes.json'), JSON.stringify({ ...shellRemotes, seller: '/remotes/seller/mf-manifest.json' }));
    prepareDeployDir({ deployDir, builtRemotesJson: path.join(work, 'shell-remotes.json') });
    expect(remotes()).toEqual({ ...shellRemotes, catalog: releaseUrl('catalog', one.version), seller: '/remotes/seller/mf-manifest.json' });
  });
});

describe('pnpm run deploy / pnpm rollback (tools/dev/deploy.mjs)', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(__dirname, '../dev/deploy.mjs'), ...args], { env: { ...process.env, DEPLOY_DIR: deployDir }, encoding: 'utf8' });

  it('refuses a rollback with nothing to roll back to, saying why, with a failing exit code', () => {
    const result = cli('rollback', 'remote', 'catalog');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('catalog was never deployed: there is no earlier version to roll back to');
  });

  it('names the remotes when asked for one that does not exist, and shows the usage otherwise', () => {
    expect(cli('deploy', 'remote', 'wishlist').stderr).toContain('no remote named "wishlist" (catalog, search, bag-checkout, account, seller, backoffice)');
    expect(cli('deploy', 'catalog').stderr).toContain('usage: pnpm run deploy remote <name>');
  });
});
