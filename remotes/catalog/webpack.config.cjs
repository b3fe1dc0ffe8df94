const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'catalog',
  title: 'Preloved catalog (standalone)',
  exposes: { './CatalogPages': './src/exposes/CatalogPages.ts' },
});
