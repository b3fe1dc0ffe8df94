const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({ dir: __dirname, name: 'shell', title: 'Preloved — second-hand fashion', registersEntries: true, server: true });
