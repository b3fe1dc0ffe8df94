import { entryOf } from './remote-entry';

describe('the browser registers a remote by the remoteEntry.js beside its manifest', () => {
  it('maps a same-origin manifest path to its entry', () => {
    expect(entryOf('/remotes/catalog/mf-manifest.json')).toBe('/remotes/catalog/remoteEntry.js');
  });

  it('keeps the origin and query of a remote served elsewhere', () => {
    expect(entryOf('https://cdn.example/catalog/mf-manifest.json?v=3')).toBe('https://cdn.example/catalog/remoteEntry.js?v=3');
  });

  it('leaves a URL that already names an entry as it is', () => {
    expect(entryOf('http://localhost:3001/remoteEntry.js')).toBe('http://localhost:3001/remoteEntry.js');
  });
});
