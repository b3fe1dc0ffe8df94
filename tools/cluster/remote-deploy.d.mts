// Types of remote-deploy.mjs for the TypeScript that imports it (the e2e journey).
export const KEEP: number;
export function releaseUrl(name: string, version: string): string;
export function versionOf(dist: string): string;
export function writeAtomically(file: string, content: string): void;
export function prepareDeployDir(options: { deployDir: string; builtRemotesJson: string }): string;
export function deployRemote(options: { deployDir: string; name: string; dist: string; commit?: string; now?: Date; keep?: number }): {
  version: string;
  url: string;
  previous: string | undefined;
  unchanged: boolean;
  removed: string[];
};
export function rollbackRemote(options: { deployDir: string; name: string; keep?: number }): { from: string; to: string; version: string | null };
