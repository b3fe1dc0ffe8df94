const { createConfig } = require('@preloved/webpack');

// A page with no React of its own: it provides no shared singletons, so the bag-checkout remote
// brings its own React. Served by the store at /main-shop/.
module.exports = createConfig({
  dir: __dirname,
  name: 'main-shop',
  title: 'Beautiful Losers — main shop',
  publicPath: '/main-shop/',
  provideShared: false,
});
