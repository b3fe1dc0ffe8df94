const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'search',
  title: 'Preloved search (standalone)',
  // Its pages are rendered by the store's server too (DESIGN §10).
  server: true,
  exposes: {
    './SearchBox': './src/exposes/SearchBox.tsx',
    './SearchPages': './src/exposes/SearchPages.ts',
  },
});
