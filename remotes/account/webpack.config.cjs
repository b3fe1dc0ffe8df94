const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'account',
  title: 'Preloved account (standalone)',
  exposes: { './AccountPages': './src/exposes/AccountPages.ts' },
});
