import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodedPage, etagOf, pageEncoding, type CachedPage } from './page-cache';

// Pages went out uncompressed (a product page 46 KB on the wire, 9 KB in gzip). A page goes
// in the best encoding the visitor accepts, compressed once and kept with the page.

const html = Buffer.from(`<!doctype html><html><body>${'<article><h2>Wool coat</h2><p>€89.50 · Very good</p></article>'.repeat(300)}</body></html>`);
const page = (): CachedPage => ({ status: 200, language: 'en', body: html, etag: etagOf(html), shared: true });

describe('the encoding a page is sent in', () => {
  it('is brotli when accepted, else gzip, else none, and never one refused with q=0', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pageEncoding('*')).toBe('gzip');
    expect(pageEncoding(undefined)).toBe('identity');
    expect(pageEncoding('identity')).toBe('identity');
  });

  it('decodes to the same page, is far smaller, has its own strong ETag per encoding, and is made once per kept page', () => {
    const kept = page();
    const br = encodedPage(kept, 'br');
    const gzip = encodedPage(kept, 'gzip');
    expect(brotliDecompressSync(br.body).equals(html)).toBe(true);
    expect(gunzipSync(gzip.body).equals(html)).toBe(true);
    expect(br.body.length).toBeLessThan(html.length / 5);
    expect(new Set([kept.etag, br.etag, gzip.etag]).size).toBe(3);
    expect(br.etag).toMatch(/^"[^"]+-br"$/);
    expect(encodedPage(kept, 'br').body).toBe(br.body);
    expect(encodedPage(kept, 'identity')).toEqual({ body: html, etag: kept.etag, encoding: 'identity' });
  });

  it('sends a page under 1 KB as it is', () => {
    const small = Buffer.from('<p>Hello</p>');
    expect(encodedPage({ status: 200, language: 'en', body: small, etag: etagOf(small), shared: true }, 'br').encoding).toBe('identity');
  });
});
