// The single-bundle build's table of every remote's exposed modules (apps/shell/src/federation/
// single-exposes.ts): replaces that file's content with one `import()` per expose of each remote,
// taken from the remote's own webpack.config.cjs (options.remotes, see singleBundleRemotes()).
const path = require('node:path');

/** @param {{ name: string, dir: string, exposes: Record<string, string> }[]} remotes */
function singleExposesSource(remotes) {
  const entries = remotes.map(({ name, dir, exposes }) => {
    const modules = Object.entries(exposes).map(
      ([expose, file]) => `    ${JSON.stringify(expose.replace(/^\.\//, ''))}: () => import(${JSON.stringify(path.resolve(dir, file))}),`,
    );
    return `  ${JSON.stringify(name)}: {\n${modules.join('\n')}\n  },`;
  });
  return `export const exposedModules = {\n${entries.join('\n')}\n};\n`;
}

module.exports = function singleExposesLoader() {
  const { remotes } = this.getOptions();
  for (const { config } of remotes) this.addDependency(config);
  return singleExposesSource(remotes);
};
module.exports.singleExposesSource = singleExposesSource;
