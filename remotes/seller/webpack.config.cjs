const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'seller',
  title: 'Preloved seller (standalone)',
  exposes: { './SellerPages': './src/exposes/SellerPages.ts', './mountResellWidget': './src/exposes/mountResellWidget.tsx' },
});
