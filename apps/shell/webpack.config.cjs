const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Preloved — second-hand fashion',
  registersEntries: true,
  server: true,
  // Written inline at the top of every server-rendered page: no tap is lost before hydration (issue 23).
  headScript: { source: 'src/early-events/capture.ts', filename: 'early-events.js', call: 'installEarlyEvents(window)' },
});
