// The apps of the workspace and their development ports (DESIGN.md §7). Production serves them all
// from one origin; only development needs the ports.
module.exports = {
  shell: { dir: 'apps/shell', port: 3000 },
  catalog: { dir: 'remotes/catalog', port: 3001 },
  search: { dir: 'remotes/search', port: 3002 },
  'bag-checkout': { dir: 'remotes/bag-checkout', port: 3003 },
  account: { dir: 'remotes/account', port: 3004 },
  seller: { dir: 'remotes/seller', port: 3005 },
  mainShop: { dir: 'apps/main-shop', port: 3010 },
  apiPort: 4000,
};
