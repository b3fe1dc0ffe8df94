// A script the store's server writes inline at the top of a page's head (the early-event
// capture; issue 31: the page's code after the first paint), built from TypeScript modules of the app:
// each compiled and minified on its own by swc (no webpack runtime, no imports), wrapped so that it runs
// its one exported function, and emitted as one plain asset beside index.html. The server reads it once
// and allows it by its CSP hash.
const fs = require('node:fs');
const { transformSync } = require('@swc/core');
const { sources } = require('webpack');

/** The script's text: the module's CommonJS build run in a function scope, then `call`. */
function compileHeadScript(source, call) {
  const { code } = transformSync(fs.readFileSync(source, 'utf8'), {
    filename: source,
    jsc: {
      parser: { syntax: 'typescript' },
      target: 'es2019',
      minify: { compress: true, mangle: true },
    },
    module: { type: 'commonjs' },
    minify: true,
  });
  return `(function(exports){${code};exports.${call}})({});`;
}

class HeadScriptPlugin {
  /** @param {{ filename: string, parts: { source: string, call: string }[] }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { filename, parts } = this.options;
    compiler.hooks.thisCompilation.tap('HeadScriptPlugin', (compilation) => {
      for (const { source } of parts) compilation.fileDependencies.add(source);
      compilation.hooks.processAssets.tap(
        {
          name: 'HeadScriptPlugin',
          stage: compilation.constructor.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          compilation.emitAsset(filename, new sources.RawSource(parts.map(({ source, call }) => compileHeadScript(source, call)).join('')));
        },
      );
    });
  }
}

module.exports = { HeadScriptPlugin, compileHeadScript };
