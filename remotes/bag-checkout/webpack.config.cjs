const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'bag-checkout',
  title: 'Preloved bag and checkout (standalone)',
  exposes: {
    './BagPanel': './src/exposes/BagPanel.tsx',
    './BagWidget': './src/exposes/BagWidget.tsx',
    './mountBagWidget': './src/exposes/mountBagWidget.tsx',
    './CheckoutPages': './src/exposes/CheckoutPages.ts',
  },
});
