const { createConfig } = require('@preloved/webpack');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  title: 'Preloved — second-hand fashion',
  registersEntries: true,
  server: true,
  // Written inline at the top of every server-rendered page: no tap is lost before hydration,
  // and the page's code is asked for once its first frame is painted.
  headScript: {
    filename: 'early-events.js',
    parts: [
      { source: 'src/early-events/capture.ts', call: 'installEarlyEvents(window)' },
      { source: 'src/early-events/after-paint.ts', call: 'loadScriptsAfterPaint(window)' },
    ],
  },
});
