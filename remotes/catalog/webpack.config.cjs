const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'catalog',
  title: 'Preloved catalog (standalone)',
  // Its pages are rendered by the store's server too (DESIGN §10).
  server: true,
  exposes: { './CatalogPages': './src/exposes/CatalogPages.ts' },
});
