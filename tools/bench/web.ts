// `pnpm bench web`: Lighthouse mobile (median of 3 runs) for the store's main public pages against
// the production build served as `pnpm start` serves it, with the issue-13 targets beside the figures.
//   pnpm bench web [runs]
// Lighthouse 12's command line drives the system Chromium (CHROME_PATH, default /usr/bin/chromium)
// through chrome-launcher; it needs no network beyond the store on this machine. (Its Node API run
// under tsx fails: esbuild's `__name` helper ends up in the functions Lighthouse sends to the page.)
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM } from '../e2e/browser';
import { startStore } from '../e2e/server';

const RUNS = Number(process.argv[2] ?? 3);
const PAGES = ['/', '/all', '/product/20?variant=37', '/search?q=dress'];
const TARGETS = { score: 95, lcp: 1800, tbt: 100, cls: 0.02, jsKb: 140 };

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsKb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const lighthouseBin = path.join(__dirname, 'node_modules/.bin/lighthouse');

interface Lhr {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
}

async function audit(url: string): Promise<Run> {
  const { stdout } = await promisify(execFile)(
    lighthouseBin,
    [url, '--output=json', '--output-path=stdout', '--quiet', '--only-categories=performance', '--form-factor=mobile', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  const lhr = JSON.parse(stdout) as Lhr;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const js = items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsKb: js / 1024,
  };
}

async function main() {
  const store = await startStore();
  try {
    // Warm the server (the first request of a page loads its remote on the server).
    for (const page of PAGES) await fetch(`${store.url}${page}`);
    console.log(`Lighthouse mobile, median of ${RUNS} runs (production build, server-rendered):`);
    console.log(`  ${'page'.padEnd(26)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'JS gzip'.padStart(9)}`);
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(`${store.url}${page}`));
      const row = {
        score: median(runs.map((run) => run.score)),
        lcp: median(runs.map((run) => run.lcp)),
        tbt: median(runs.map((run) => run.tbt)),
        cls: median(runs.map((run) => run.cls)),
        jsKb: median(runs.map((run) => run.jsKb)),
      };
      const mark = (ok: boolean) => (ok ? ' ' : '!');
      console.log(
        `  ${page.padEnd(26)} ${String(row.score).padStart(4)}${mark(row.score >= TARGETS.score)} ${`${(row.lcp / 1000).toFixed(2)} s`.padStart(7)}${mark(row.lcp <= TARGETS.lcp)} ${`${Math.round(row.tbt)} ms`.padStart(7)}${mark(row.tbt <= TARGETS.tbt)} ${row.cls.toFixed(3).padStart(5)}${mark(row.cls <= TARGETS.cls)} ${`${row.jsKb.toFixed(0)} KB`.padStart(8)}${mark(row.jsKb <= TARGETS.jsKb)}`,
      );
    }
    console.log(`  targets: score ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcp / 1000} s, TBT ≤ ${TARGETS.tbt} ms, CLS ≤ ${TARGETS.cls}, JS ≤ ${TARGETS.jsKb} KB gzip ('!' = missed)`);
  } finally {
    await store.stop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
