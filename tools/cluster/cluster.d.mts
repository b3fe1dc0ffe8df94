// Types of cluster.mjs for the TypeScript that imports it (`pnpm bench cluster`).
import type { ChildProcess, StdioOptions } from 'node:child_process';

export function prepareCluster(): Promise<void>;
export function ensureDatabase(url: string): Promise<void>;
export function whenReady(address: string, ms?: number): Promise<void>;
export interface Cluster {
  upstreams: string[];
  runDir: string;
  remotesJson: string;
  proxy: ChildProcess;
  addressOf(n: number): string;
  startInstance(n: number): string;
  stopInstance(n: number, signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
  signalAll(): void;
}
export function startCluster(options: {
  port: number;
  instances: number;
  firstApiPort: number;
  databaseUrl: string;
  deployDir?: string;
  env?: Record<string, string>;
  stdio?: StdioOptions;
  onExit?: (n: number, code: number | null, signal: NodeJS.Signals | null) => void;
}): Promise<Cluster>;
