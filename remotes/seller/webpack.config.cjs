const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  // The main shop mounts it and provides no singletons: it keeps its own copies.
  sharedFallbacks: true,
  name: 'seller',
  title: 'Preloved seller (standalone)',
  exposes: { './SellerPages': './src/exposes/SellerPages.ts', './mountResellWidget': './src/exposes/mountResellWidget.tsx' },
});
