const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'search',
  title: 'Preloved search (standalone)',
  exposes: {
    './SearchBox': './src/exposes/SearchBox.tsx',
    './SearchPages': './src/exposes/SearchPages.ts',
  },
});
