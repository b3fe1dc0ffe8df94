// Browser APIs jsdom lacks that the components use.
if (!window.scrollTo || String(window.scrollTo).includes('notImplemented')) {
  window.scrollTo = () => {};
}
// Node's Request (used under jsdom) needs absolute URLs; browsers resolve '/api' against the page.
window.__PRELOVED_CONFIG__ = { apiBase: 'http://localhost/api' };
