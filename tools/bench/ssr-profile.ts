// Where a server render's time goes: the production store under load on one page with
// every page rendered anew (PAGE_CACHE_MS=0), profiled with `node --cpu-prof`; prints the self time
// of the busiest functions and packages during the load only (not the start-up). Needs a build.
//   node --import tsx tools/bench/ssr-profile.ts /all
//   node --import tsx tools/bench/ssr-profile.ts product
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStore } from '../e2e/server';
import { load, SECONDS } from './lib';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
}

/** A file's package or our area: `react-dom`, `apps/api`, `remotes/catalog`, `node:internal`. */
function areaOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const match = /(apps|remotes|packages)\/[^/]+(\/dist\/server)?/.exec(url);
  return match ? match[0] : url;
}

async function main() {
  const which = process.argv[2] ?? '/all';
  const dir = mkdtempSync(path.join(tmpdir(), 'ssr-profile-'));
  const store = await startStore({ PAGE_CACHE_MS: '0' }, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let page = which;
  try {
    if (which === 'product') {
      const first = (await (await fetch(`${store.url}/api/products/listings/all?id_brand=1&limit=0`)).json()) as { products_listings: { product_id: number; product_variant_id: number }[] };
      page = `/product/${first.products_listings[0]!.product_id}?variant=${first.products_listings[0]!.product_variant_id}`;
    }
    for (let i = 0; i < 30; i++) await (await fetch(`${store.url}${page}`)).text();
    const result = await load(store.url, [page], { connections: 10, seconds: SECONDS });
    console.log(`${page}: ${result.requests} pages in ${SECONDS} s`);
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await store.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  // The samples of the load: the last SECONDS + 0.5 s before the end, less the 0.5 s of the stop.
  const times: number[] = [];
  let at = profile.endTime;
  for (let i = profile.samples.length - 1; i >= 0; i--) {
    times[i] = at;
    at -= profile.timeDeltas[i]!;
  }
  const from = profile.endTime - (SECONDS + 0.5) * 1e6;
  const to = profile.endTime - 0.5e6;
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    if (times[i]! < from || times[i]! > to) return;
    const node = nodes.get(id)!;
    const delta = profile.timeDeltas[i]! / 1000;
    if (node.callFrame.functionName === '(idle)') {
      idle += delta;
      return;
    }
    total += delta;
    const area = areaOf(node.callFrame.url);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${area}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    byArea.set(area, (byArea.get(area) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => `  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`).join('\n');
  console.log(`busy ${total.toFixed(0)} ms, idle ${idle.toFixed(0)} ms; profile ${path.join(dir, file)}`);
  console.log(`by area:\n${top(byArea, 25)}`);
  console.log(`by function (self):\n${top(byFunction, 40)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
