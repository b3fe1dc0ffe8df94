const { createConfig } = require('@preloved/webpack');

// Pages with no React of their own: they provide no shared singletons, so the bag-checkout and seller
// remotes bring their own React. Served by the store at /main-shop/ (index.html) and
// /main-shop/order.html (an order with "Resell this" on each piece).
module.exports = createConfig({
  dir: __dirname,
  name: 'main-shop',
  title: 'Beautiful Losers — main shop',
  publicPath: '/main-shop/',
  provideShared: false,
  pages: [{ filename: 'order.html', template: 'src/order.html', title: 'Your order — Beautiful Losers' }],
});
