const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  // The main shop mounts it and provides no singletons: it keeps its own copies.
  sharedFallbacks: true,
  name: 'bag-checkout',
  title: 'Preloved bag and checkout (standalone)',
  exposes: {
    './BagPanel': './src/exposes/BagPanel.tsx',
    './BagWidget': './src/exposes/BagWidget.tsx',
    './mountBagWidget': './src/exposes/mountBagWidget.tsx',
    './CheckoutPages': './src/exposes/CheckoutPages.ts',
  },
});
