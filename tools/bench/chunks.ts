// `pnpm bench chunks`: what the JavaScript of a page is made of, federated beside the single bundle.
// Each script a page loads (until the network is idle) is split by its source map into the packages
// and folders its bytes come from; a package's share of a file's gzip size is its share of the raw bytes.
//   pnpm bench chunks [path…]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPage } from '../e2e/browser';
import { startStore } from '../e2e/server';

const root = path.resolve(__dirname, '../..');
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/all', '/product/20?variant=37', '/search?q=dress'];
const BUILDS = [
  { name: 'federated', shellDist: 'apps/shell/dist' },
  { name: 'single', shellDist: 'apps/shell/dist-single' },
] as const;

/** A source's group: the npm package, or the workspace folder (packages/ui, remotes/catalog…). */
function groupOf(source: string, app: string): string {
  let clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  // A path inside the app that built the file (a remote's own src/).
  if (clean.startsWith('src/')) clean = `${app}/${clean}`;
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const match = /(packages|remotes|apps)\/([^/]+)\/(?:src\/)?([^/]+)?/.exec(clean);
  if (match) {
    if (match[1] === 'packages' && match[2] === 'shared' && match[3] === 'i18n') return '@preloved/shared i18n';
    if (match[3] === 'i18n') return `${match[1]}/${match[2]} i18n`;
    return `${match[1]}/${match[2]}`;
  }
  if (clean.startsWith('webpack/')) return 'webpack runtime';
  return clean || '(unmapped)';
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's segments (generated line and column, source), decoded from its base64 VLQ. */
function decodeMappings(map: SourceMap): { line: number; column: number; source: string | null }[] {
  const out: { line: number; column: number; source: string | null }[] = [];
  let source = 0;
  map.mappings.split(';').forEach((lineText, index) => {
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      out.push({ line: index + 1, column, source: fields.length > 1 ? (map.sources[source] ?? null) : null });
    }
  });
  return out;
}

/** Raw bytes of a file per group, by its source map (generated ranges attributed to their source). */
function composition(file: string): Map<string, number> {
  const app = path.relative(root, file).split(path.sep).slice(0, 2).join('/');
  const code = readFileSync(file, 'utf8');
  const groups = new Map<string, number>();
  const add = (group: string, bytes: number) => groups.set(group, (groups.get(group) ?? 0) + bytes);
  if (!existsSync(`${file}.map`)) {
    add('(no map)', code.length);
    return groups;
  }
  const lines = code.split('\n');
  const mappings = decodeMappings(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMap);
  let mapped = 0;
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i]!;
    const next = mappings[i + 1];
    const end = next && next.line === m.line ? next.column : lines[m.line - 1]!.length;
    const bytes = Math.max(0, end - m.column);
    mapped += bytes;
    add(m.source ? groupOf(m.source, app) : '(unmapped)', bytes);
  }
  add('(unmapped)', Math.max(0, code.length - mapped));
  return groups;
}

async function scriptsOf(url: string, page: string): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const tab = await newPage(browser, { width: 390, height: 844 });
    const seen: string[] = [];
    tab.on('request', (request) => {
      if (request.resourceType() === 'script') seen.push(new URL(request.url()).pathname);
    });
    await tab.goto(`${url}${page}`);
    await tab.waitForLoadState('networkidle');
    await tab.waitForTimeout(1500);
    return [...new Set(seen)];
  } finally {
    await browser.close();
  }
}

function fileOf(shellDist: string, urlPath: string): string | undefined {
  for (const candidate of [path.join(root, shellDist, urlPath), path.join(root, urlPath)]) if (existsSync(candidate)) return candidate;
  // Remotes are served under /remotes/<name>/…
  const remote = /^\/remotes\/([^/]+)\/(.*)$/.exec(urlPath);
  if (remote) {
    const file = path.join(root, 'remotes', remote[1]!, 'dist', remote[2]!);
    if (existsSync(file)) return file;
  }
  return undefined;
}

async function main() {
  const result = new Map<string, Map<string, Map<string, number>>>(); // build → page → group → gzip bytes
  for (const build of BUILDS) {
    if (!existsSync(path.join(root, build.shellDist, 'server/server.js'))) {
      console.log(`${build.name}: ${build.shellDist} is not built (pnpm build${build.name === 'single' ? ' --single' : ''})`);
      result.set(build.name, new Map(PAGES.map((page) => [page, new Map()])));
      continue;
    }
    const store = await startStore({ SHELL_DIST: build.shellDist });
    try {
      for (const page of PAGES) await fetch(`${store.url}${page}`);
      const pages = new Map<string, Map<string, number>>();
      for (const page of PAGES) {
        const groups = new Map<string, number>();
        const files = await scriptsOf(store.url, page);
        console.log(`${build.name} ${page}: ${files.join(' ')}`);
        for (const urlPath of files) {
          const file = fileOf(build.shellDist, urlPath);
          if (!file) {
            console.log(`  (not found on disk: ${urlPath})`);
            continue;
          }
          const gzip = gzipSync(readFileSync(file), { level: 9 }).length;
          const parts = composition(file);
          const raw = [...parts.values()].reduce((a, b) => a + b, 0);
          for (const [group, bytes] of parts) groups.set(group, (groups.get(group) ?? 0) + (gzip * bytes) / raw);
        }
        pages.set(page, groups);
      }
      result.set(build.name, pages);
    } finally {
      await store.stop();
    }
  }
  const kb = (bytes = 0) => (bytes / 1024).toFixed(1);
  for (const page of PAGES) {
    const fed = result.get('federated')!.get(page)!;
    const one = result.get('single')!.get(page)!;
    const groups = [...new Set([...fed.keys(), ...one.keys()])].sort((a, b) => (fed.get(b) ?? 0) - (one.get(b) ?? 0) - ((fed.get(a) ?? 0) - (one.get(a) ?? 0)));
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    console.log(`\n${page}: federated ${kb(total(fed))} KB, single ${kb(total(one))} KB (gzip -9, by source map)`);
    console.log(`  ${'group'.padEnd(40)} ${'fed.'.padStart(7)} ${'single'.padStart(7)} ${'diff'.padStart(7)}`);
    for (const group of groups) {
      const a = fed.get(group) ?? 0;
      const b = one.get(group) ?? 0;
      if (Math.max(a, b) < 300) continue;
      console.log(`  ${group.padEnd(40)} ${kb(a).padStart(7)} ${kb(b).padStart(7)} ${kb(a - b).padStart(7)}`);
    }
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
