// The one webpack + Module Federation config factory. An app's webpack.config.cjs passes its name,
// and for a remote its exposes; everything else (loaders, shared singletons, output, dev server) is
// decided here so the apps cannot drift apart.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const zlib = require('node:zlib');
const CopyPlugin = require('copy-webpack-plugin');
const { NormalModuleReplacementPlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { HeadScriptPlugin } = require('./head-script.cjs');
const { apps, apiPort } = require('../apps.json');

const root = path.resolve(__dirname, '../..');
const rootPkg = require(path.join(root, 'package.json'));

// Singletons shared by the host and every remote: one React, one jotai store, one i18n instance, one
// toast provider, one API client. react-router is not listed: it is bundled inside @preloved/shared,
// which re-exports the router pieces the apps use, so it is one instance and tree-shaken (DESIGN §8).
// @preloved/contract is not listed either: it holds no state, and bundled it is tree-shaken, so the
// browser gets the constants and validation rules it uses and none of the zod schemas.
function sharedSingletons() {
  // The version ranges are declared once, in @preloved/shared's package.json, which every app uses.
  const sharedPkg = require(path.join(root, 'packages/shared/package.json'));
  const ranges = { ...sharedPkg.peerDependencies, ...sharedPkg.dependencies };
  const versionOf = (pkg) => {
    if (!ranges[pkg]) throw new Error(`@preloved/shared declares no version of ${pkg}`);
    return ranges[pkg];
  };
  const singleton = (pkg, from = pkg) => ({ singleton: true, requiredVersion: versionOf(from) });
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react/jsx-runtime', 'react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom/client', 'react-dom'),
    jotai: singleton('jotai'),
    // jotai/utils is not shared: only @preloved/shared (itself one instance) uses it, so bundled there it
    // is tree-shaken to atomWithStorage (a shared module carries all of it).
    i18next: singleton('i18next'),
    // Provided from a module that re-exports only the hooks the apps use (shared/react-i18next.mjs).
    'react-i18next': {
      ...singleton('react-i18next'),
      import: path.join(__dirname, 'shared/react-i18next.mjs'),
      version: reactI18next.version,
    },
    notistack: singleton('notistack'),
    // ky is not shared: only @preloved/shared's API client (one instance) imports it, after the frame
    // has hydrated, as a plain chunk of the host (a shared module loaded that late, while remotes were
    // loading, left pages on their skeleton now and then).
    '@preloved/shared': { singleton: true, requiredVersion: false },
    // The router, apart: the store's frame hydrates without it (the JS budget).
    '@preloved/shared/router': { singleton: true, requiredVersion: false },
    // @preloved/ui is not shared: it holds no state, so each app bundles only the components it uses
    // (a shared module is never tree-shaken: the frame's first load carried every listing component).
  };
}

/** The built text files kept compressed beside themselves (the servers send them as they are), when that pays. */
const COMPRESSION = { test: /\.(js|css|html|json|svg)$/, threshold: 1024, minRatio: 0.9 };

/** The shared packages every page of the host loads before it hydrates (its `framework` chunk). */
const FRAMEWORK = /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(react|react-dom|scheduler|jotai|i18next|react-i18next)[\\/]/;
const inFramework = (module) =>
  Boolean(module.resource) && (FRAMEWORK.test(module.resource) || module.resource.startsWith(path.join(__dirname, 'shared') + path.sep));

/** The singletons as a consumer that relies on its host to provide them: no fallback is bundled. */
function hostProvided(shared) {
  return Object.fromEntries(Object.entries(shared).map(([key, config]) => [key, { ...config, import: false }]));
}

// react-i18next's ES modules, one file per export (its package exports only the index), for the
// shared module that re-exports the pieces the apps use.
const reactI18next = (() => {
  const main = require.resolve('react-i18next', { paths: [path.join(root, 'packages/shared')] });
  const dir = path.resolve(path.dirname(main), '../..');
  return { es: path.join(dir, 'dist/es'), version: require(path.join(dir, 'package.json')).version };
})();

// The ES build of the federation runtime core, wherever pnpm put it.
const runtimeCoreEsm = path.join(
  path.dirname(require.resolve('@module-federation/runtime-core', { paths: [require.resolve('@module-federation/enhanced')] })),
  'index.js',
);

// @preloved/ui's barrel (src/index.ts) imports the design tokens (tokens.css, global styles and the
// custom properties), so its package.json marks it as having side effects. A barrel with side effects
// is never skipped: each of its re-exports used anywhere in a build's runtime is pulled into every chunk
// that imports the barrel (the search box, on every page, carried the search page's
// ListingLayout, ListingFilters and Pagination; the shell's frame the forms of its lazy panels). In the
// browser builds the barrel is treated as side-effect free and the tokens are imported where a page
// starts instead: the host's entry (the shell, the single bundle, a remote's standalone page) and
// each exposed module of a remote (a remote still styles itself wherever it is mounted, the main shop
// too). The server build needs no CSS and keeps the package's own setting.
const uiBarrel = path.join(root, 'packages/ui/src/index.ts');
const uiTokens = path.join(root, 'packages/ui/src/tokens.css');

/** A remote's exposes, each importing the design tokens before the exposed module (uiBarrel). */
function exposesWithTokens(exposes) {
  return Object.fromEntries(Object.entries(exposes).map(([key, request]) => [key, { import: [uiTokens, request] }]));
}

/** The dev servers' remotes.json: every remote that exists in the workspace, on its own port. */
function devRemotes() {
  return Object.fromEntries(
    apps
      .filter((app) => app.kind === 'remote' && fs.existsSync(path.join(root, app.dir, 'webpack.config.cjs')))
      .map((app) => [app.name, `http://localhost:${app.port}/mf-manifest.json`]),
  );
}

function shortHash(text) {
  return require('node:crypto').createHash('sha256').update(text).digest('base64url').slice(0, 5);
}

/**
 * The app's icon in public/ (copied beside its page), named in the page's head: without it a browser
 * asks for /favicon.ico, which is not there, and logs the 404 on every first visit.
 */
function faviconOf(publicDir) {
  return fs.existsSync(path.join(publicDir, 'favicon.svg')) ? 'favicon.svg' : null;
}

function cssPrefix(name, resourcePath) {
  // Components of @preloved/ui keep one class name whichever app bundles them.
  return resourcePath.includes(`${path.sep}packages${path.sep}ui${path.sep}`) ? 'ui' : name;
}

/**
 * The single-bundle build (`--env singleBundle` or PRELOVED_SINGLE_BUNDLE=1): the shell without Module
 * Federation, every remote's exposed modules bundled in, into apps/shell/dist-single (browser) and
 * dist-single/server (server entry). The same code as the federated store, built as one app, so that
 * `pnpm bench web` can say what federation costs.
 */
function isSingleBundle(env) {
  return Boolean(env && env.singleBundle) || process.env.PRELOVED_SINGLE_BUNDLE === '1';
}

/** Every remote of tools/apps.json with its exposes, read from its own webpack.config.cjs. */
function singleBundleRemotes() {
  return apps
    .filter((app) => app.kind === 'remote' && fs.existsSync(path.join(root, app.dir, 'webpack.config.cjs')))
    .map((app) => {
      const config = path.join(root, app.dir, 'webpack.config.cjs');
      const { federation } = require(config);
      if (!federation || !federation.exposes) throw new Error(`${config} does not come from createConfig({ exposes })`);
      return { name: app.name, dir: federation.dir, exposes: federation.exposes, config };
    });
}

/**
 * What the single-bundle build changes in the shell's browser and server configs: remotes.ts (the
 * federation runtime) is replaced by remotes.single.ts, whose table of exposes (single-exposes.ts) is
 * generated from the remotes' configs; a remote's CSS classes keep the remote's prefix.
 */
function singleBundleParts(dir) {
  const remotes = singleBundleRemotes();
  const federationDir = path.join(dir, 'src/federation');
  return {
    remotes,
    rule: {
      test: path.join(federationDir, 'single-exposes.ts'),
      enforce: 'pre',
      use: { loader: require.resolve('./single-exposes-loader.cjs'), options: { remotes } },
    },
    replacement: new NormalModuleReplacementPlugin(
      new RegExp(`^${path.join(federationDir, 'remotes.ts').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      path.join(federationDir, 'remotes.single.ts'),
    ),
    cssPrefix: (resourcePath) => {
      const remote = remotes.find((entry) => resourcePath.startsWith(`${entry.dir}${path.sep}`));
      return cssPrefix(remote ? remote.name : 'shell', resourcePath);
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.dir        the app's folder (__dirname of its webpack.config.cjs)
 * @param {string} options.name       federation name: 'shell' for the host, the remote's name otherwise
 * @param {Record<string,string>} [options.exposes]  a remote's public surface (src/exposes/*)
 * @param {string} [options.title]    the HTML title
 * @param {string} [options.publicPath]  where a host page is served (default '/', the store's root)
 * @param {boolean} [options.provideShared]  false for a host that renders nothing of its own with
 *   React (the main shop): it provides no singletons, so the remote brings its own
 * @param {boolean} [options.registersEntries]  a host that registers each remote by its remoteEntry.js,
 *   not its mf-manifest.json: its federation runtime is built without the manifest (snapshot) code
 * @param {boolean} [options.server]  also build for the store's server (DESIGN §10): a remote whose
 *   pages are rendered on the server, and the shell (its server entry, src/server.tsx). Production only.
 * @param {boolean} [options.sharedFallbacks]  a production remote that a page without the shell mounts (the
 *   main shop, which provides no singletons) keeps its own copies of the shared modules; the others take
 *   them from the shell only (`import: false`)
 * @param {{ filename: string, template: string, title?: string }[]} [options.pages]  more pages of a host
 *   beside index.html, each from its template (relative to `dir`), with the same entry (the main shop's
 *   order page)
 * @param {{ filename: string, parts: { source: string, call: string }[] }} [options.headScript]  modules of
 *   the app, each built on its own, in one plain script (`filename` beside index.html) that the store's
 *   server writes inline in the head of the pages it renders (the shell's early-event capture, issue 23,
 *   and the loading of its code after the first paint)
 */
function createConfig({ dir, name, exposes, title = 'Preloved', publicPath = '/', provideShared = true, registersEntries = false, server = false, headScript, pages = [], sharedFallbacks = false }) {
  const isHost = !exposes;
  const app = apps.find((entry) => entry.name === name);
  if (!app) throw new Error(`tools/apps.json lists no app named ${name}`);
  const config = (env, argv) => {
    const prod = argv.mode === 'production';
    const single = isSingleBundle(env) ? singleBundleParts(dir) : undefined;
    if (single && name !== 'shell') throw new Error(`the single-bundle build is the shell's; ${name} is bundled into it`);
    const prefixOf = single ? single.cssPrefix : (resourcePath) => cssPrefix(name, resourcePath);
    const distDir = path.join(dir, single ? 'dist-single' : 'dist');
    const federationName = name.replace(/-/g, '_');
    const publicDir = path.join(dir, 'public');
    const favicon = faviconOf(publicDir);
    // The federation runtime is loaded once, by the host: production remotes use the host's copy
    // (`externalRuntime`) instead of carrying ~28 KB gzip each (DESIGN.md §8).
    const externalRuntime = prod && !isHost;
    const standaloneEntry = !externalRuntime;
    const browser = {
      name,
      context: dir,
      mode: prod ? 'production' : 'development',
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      target: 'web',
      // A production remote is only its container (remoteEntry.js): its standalone page is a
      // development tool, and it could not run on its own without the host's federation runtime.
      // The design tokens first (uiBarrel), unless the page provides nothing of its own (the main shop:
      // the remote it mounts brings them).
      entry: standaloneEntry ? { main: provideShared ? [uiTokens, './src/index.ts'] : './src/index.ts' } : {},
      output: {
        path: distDir,
        // The host is served at the site root; a remote can be served from anywhere.
        publicPath: isHost ? publicPath : 'auto',
        uniqueName: federationName,
        filename: prod ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        // The server build (dist/server) is written beside this one, by the same run.
        clean: { keep: /^server[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        // runtime-core is reached through both its CommonJS and ES builds; one copy is enough.
        alias: { '@module-federation/runtime-core$': runtimeCoreEsm, 'react-i18next-es': reactI18next.es },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !prod, refresh: false } },
                  target: 'es2022',
                },
              },
            },
          },
          cssRule(prefixOf, false),
          { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource' },
          // See uiBarrel: re-exports reach a chunk only where they are imported.
          { test: uiBarrel, sideEffects: false },
          ...(single ? [single.rule] : []),
        ],
      },
      plugins: [
        ...(single ? [single.replacement] : [new ModuleFederationPlugin({
          name: federationName,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: exposesWithTokens(exposes) }),
          // A production remote mounted only by the shell takes every singleton from it (`import: false`,
          // issue 31): its remoteEntry.js carries no fallback copies nor their sharing tables.
          shared: !provideShared ? {} : externalRuntime && !sharedFallbacks ? hostProvided(sharedSingletons()) : sharedSingletons(),
          // 'loaded-first': a shared module is taken from what is already loaded (the host
          // provides every singleton). The default, 'version-first', fetched and ran the remoteEntry.js of
          // every registered remote, to compare versions, on the first page that needed the share scope:
          // a product page loaded all five remotes' entries (~9 KB gzip each) for one remote's page.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // The browser's runtime without its Node loaders (`target: 'web'`); a host that registers its
          // remotes by their remoteEntry.js (the shell) also drops the snapshot plugin, which reads
          // mf-manifest.json and generates preloads: the store's server links the page's CSS and
          // preloads its scripts itself (DESIGN §10).
          // A production remote loads no other remote (lint: no remote imports another), so its
          // remoteEntry.js leaves out the bundler runtime's remote loading (`disableRemote`);
          // the host's runtime, which every remote uses (`externalRuntime`), keeps it.
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime }),
            optimization: { target: 'web', disableSnapshot: registersEntries, disableRemote: externalRuntime },
          },
        })]),
        ...(headScript ? [new HeadScriptPlugin({ filename: headScript.filename, parts: headScript.parts.map((part) => ({ ...part, source: path.join(dir, part.source) })) })] : []),
        new MiniCssExtractPlugin({
          filename: prod ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
          // One CSS file from every route's modules (single bundle): webpack warns that no order fits
          // all routes; the classes are per module (CSS Modules), so it keeps its best-effort order.
          ignoreOrder: Boolean(single),
        }),
        ...(standaloneEntry ? [new HtmlWebpackPlugin({
          template: fs.existsSync(path.join(dir, 'src/index.html'))
            ? path.join(dir, 'src/index.html')
            : path.join(__dirname, 'index.html'),
          title,
          publicPath: isHost ? publicPath : '/',
          chunks: ['main'],
          templateParameters: { favicon },
        })] : []),
        ...(standaloneEntry ? pages.map((page) => new HtmlWebpackPlugin({
          template: path.join(dir, page.template),
          filename: page.filename,
          title: page.title ?? title,
          publicPath: isHost ? publicPath : '/',
          chunks: ['main'],
          templateParameters: { favicon },
        })) : []),
        // public/ (the shell's remotes.json, favicon) is copied beside index.html; the dev server
        // serves it from the folder itself.
        // The single bundle has no remotes.json: no remote is found at run time.
        ...(prod && fs.existsSync(publicDir)
          ? [new CopyPlugin({ patterns: [{ from: publicDir, globOptions: { ignore: single ? ['**/remotes.json'] : [] } }] })]
          : []),
        ...(prod
          ? [
              // Each text file twice beside itself: .br (brotli at its best, about an eighth smaller than
              // gzip: 207 against 236 KB for the scripts of `/`) for the browsers that ask for it, which
              // are all of today's, and .gz for the rest. The servers pick the best one asked for.
              new CompressionPlugin(COMPRESSION),
              new CompressionPlugin({
                ...COMPRESSION,
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
              }),
            ]
          : []),
      ],
      optimization: {
        moduleIds: prod ? 'deterministic' : 'named',
        // Scripts by webpack's own minimizer ('...'); style sheets by cssnano (comments, spaces, longhands
        // merged): the style sheets are what blocks a page's first paint.
        ...(prod ? { minimizer: ['...', new CssMinimizerPlugin()] } : {}),
        // The host's own CSS (layout, header, footer, panels, the @preloved/ui components they use) in
        // one file: the store's server links every CSS file of the shell in the head, and each
        // render-blocking request delayed the first paint. The single bundle's CSS is all one file too,
        // as a one-app store would do.
        ...(prod && (single || isHost)
          ? {
              splitChunks: {
                cacheGroups: {
                  styles: { name: 'styles', type: 'css/mini-extract', chunks: 'all', enforce: true },
                  // The federated host provides each shared package from a chunk of its own: ten files,
                  // each a request with its headers and a wrapper, for what every page loads before it
                  // hydrates. React, its DOM and scheduler, jotai and i18next go in one, as a
                  // one-app build (or Next.js's `framework` chunk) holds them.
                  ...(isHost && !single
                    ? { framework: { name: 'framework', test: inFramework, chunks: 'all', enforce: true, priority: 40 } }
                    : {}),
                },
              },
            }
          : {}),
      },
      performance: { hints: false },
      stats: prod ? 'errors-warnings' : 'minimal',
      devServer: {
        port: app.port,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: fs.existsSync(publicDir) ? [{ directory: publicDir }] : [],
        // API_URL: a running store to develop against (tools/dev/remote-dev.mjs sets it). /main-shop/server
        // is the demo's stand-in for the brand's shop server (it holds the shop key).
        proxy: [{ context: ['/api', '/main-shop/server'], target: process.env.API_URL || `http://127.0.0.1:${apiPort}`, changeOrigin: true }],
        client: { overlay: { warnings: false } },
        // In development the shell finds each remote on its own dev server (ports from
        // tools/apps.json) instead of the same-origin paths of the production remotes.json.
        setupMiddlewares(middlewares, devServer) {
          if (isHost) devServer.app.get('/remotes.json', (_req, res) => res.json(devRemotes()));
          return middlewares;
        },
      },
    };
    if (!prod || !server) return browser;
    return [browser, serverConfig({ dir, name, federationName, exposes, isHost, swcRule: browser.module.rules[0], prefixOf, single, distDir })];
  };
  // What the single-bundle build reads of a remote (singleBundleRemotes).
  return Object.assign(config, { federation: { name, dir, exposes } });
}

/** CSS Modules with the house's class names; on the server only the names are needed (no CSS file). */
function cssRule(prefixOf, onServer) {
  return {
    test: /\.css$/,
    use: [
      ...(onServer ? [] : [MiniCssExtractPlugin.loader]),
      {
        loader: require.resolve('css-loader'),
        options: {
          modules: {
            auto: /\.module\.css$/,
            namedExport: false,
            exportLocalsConvention: 'as-is',
            exportOnlyLocals: onServer,
            // `<app>__<class>__<hash>`: identical layouts in two remotes never collide
            // (DESIGN.md §8), and the prefix says in devtools which app a class is from.
            getLocalIdent: (context, _template, localName) =>
              `${prefixOf(context.resourcePath)}__${localName}__${shortHash(
                `${path.relative(root, context.resourcePath)}:${localName}`,
              )}`,
          },
        },
      },
    ],
  };
}

/**
 * The build for the store's server (DESIGN §10, module-federation-examples server-side-rendering):
 * Node's federation runtime (@module-federation/node), a remote's container as a CommonJS module
 * fetched over HTTP by the server at run time (so a remote is still deployed alone), the shell's
 * server entry as a CommonJS library the Fastify process requires. Not minified: it is not downloaded.
 */
function serverConfig({ dir, name, federationName, exposes, isHost, swcRule, prefixOf, single, distDir }) {
  return {
    name: `${name}-server`,
    context: dir,
    mode: 'production',
    devtool: false,
    target: 'async-node',
    entry: isHost ? { server: './src/server.tsx' } : {},
    output: {
      path: path.join(distDir, 'server'),
      // No base URL: Node's runtime finds a remote's chunks beside the remoteEntry.js it fetched.
      publicPath: '',
      uniqueName: `${federationName}_server`,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      ...(isHost ? { library: { type: 'commonjs2' } } : {}),
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: { '@module-federation/runtime-core$': runtimeCoreEsm, 'react-i18next-es': reactI18next.es },
    },
    module: {
      rules: [
        swcRule,
        cssRule(prefixOf, true),
        { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
        ...(single ? [single.rule] : []),
      ],
    },
    plugins: [
      ...(single ? [single.replacement] : [new ModuleFederationPlugin({
        name: federationName,
        ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes, library: { type: 'commonjs-module', name: federationName } }),
        remoteType: 'script',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        shared: sharedSingletons(),
        manifest: !isHost,
        dts: false,
      })]),
    ],
    optimization: { moduleIds: 'deterministic', minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createConfig, sharedSingletons, cssPrefix, singleBundleRemotes, rootVersion: rootPkg.version };
