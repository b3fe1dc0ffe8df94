const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'backoffice',
  title: 'Preloved back office (standalone)',
  // The brand's staff only: rendered by the browser alone, never by the store's server.
  exposes: { './BackofficePages': './src/exposes/BackofficePages.ts' },
});
