// `pnpm bench tasks [path]`: the main thread's tasks of one page load, federated beside the single
// bundle, from a Lighthouse trace (mobile, the production build). Total Blocking Time counts each
// task's time over 50 ms with the CPU 4× slower, so a task over ~12 ms here is where TBT comes from;
// each such task is listed with the script evaluations and calls inside it. This found the task that
// ran the federation runtime, the store's modules and the frame's hydration at once.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM } from '../e2e/browser';
import { startStore } from '../e2e/server';

const PAGE = process.argv[2] ?? '/';
/** A task this long (ms, unthrottled) is over 50 ms on Lighthouse's 4× slower phone. */
const LONG_MS = 12.5;
const BUILDS = [
  { name: 'federated', shellDist: 'apps/shell/dist' },
  { name: 'single bundle', shellDist: 'apps/shell/dist-single' },
] as const;
const lighthouseBin = path.join(__dirname, 'node_modules/.bin/lighthouse');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

async function traceOf(url: string): Promise<{ tbt: number; events: TraceEvent[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'preloved-tasks-'));
  try {
    await promisify(execFile)(
      lighthouseBin,
      [url, '--output=json', `--output-path=${dir}/report.json`, '--save-assets', '--quiet', '--only-categories=performance', '--form-factor=mobile', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(readFileSync(`${dir}/report.json`, 'utf8')) as { audits: Record<string, { numericValue?: number }> };
    const trace = JSON.parse(readFileSync(`${dir}/report-0.trace.json`, 'utf8')) as { traceEvents: TraceEvent[] };
    return { tbt: report.audits['total-blocking-time']?.numericValue ?? Number.NaN, events: trace.traceEvents.filter((event) => event.ph === 'X') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printTasks(name: string, tbt: number, events: TraceEvent[], origin: string) {
  const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const tasks = events.filter((event) => event.name === 'RunTask');
  // The renderer's main thread: the one with the most task time.
  const busy = new Map<string, number>();
  for (const task of tasks) busy.set(thread(task), (busy.get(thread(task)) ?? 0) + (task.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const long = tasks.filter((task) => thread(task) === main && (task.dur ?? 0) / 1000 >= LONG_MS).sort((a, b) => a.ts - b.ts);
  console.log(`\n${name} ${PAGE}: Lighthouse TBT ${Math.round(tbt)} ms; ${long.length} tasks of ${LONG_MS} ms or more (unthrottled):`);
  for (const task of long) {
    console.log(`  ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms`);
    const inside = events.filter(
      (event) => thread(event) === main && event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0) && (event.dur ?? 0) >= 2000,
    );
    for (const event of inside.filter((e) => ['EvaluateScript', 'FunctionCall', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'ParseHTML', 'TimerFire'].includes(e.name)).slice(0, 8)) {
      const data = event.args?.data ?? {};
      console.log(`      +${((event.ts - task.ts) / 1000).toFixed(1).padStart(5)} ${((event.dur ?? 0) / 1000).toFixed(1).padStart(5)} ms  ${event.name} ${(data.url ?? '').replace(origin, '')} ${data.functionName ?? ''}`.trimEnd());
    }
  }
}

async function main() {
  for (const build of BUILDS) {
    const store = await startStore({ SHELL_DIST: build.shellDist });
    try {
      const { tbt, events } = await traceOf(`${store.url}${PAGE}`);
      printTasks(build.name, tbt, events, store.url);
    } finally {
      await store.stop();
    }
  }
}

void main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
