import { BRAND_ID, type PageLanguage } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CATALOGUE_CACHE_CONTROL } from '../catalog/catalogue-cache';

/** A sitemap file holds at most 50 000 addresses (sitemaps.org); the store stays well under. */
const MAX_PRODUCTS = 40_000;
const MAX_SELLERS = 5_000;

/** The public pages that are the same for everyone (the server renders them). */
const STATIC_PATHS = ['/', '/all', '/women', '/men', '/clothing', '/accessories', '/about', '/faqs', '/shipping', '/terms-and-conditions', '/privacy-policy', '/how-search-works', '/how-reviews-work'];

/** Paths that are personal or transactional: not for search engines. */
const PRIVATE_PATHS = ['/user', '/checkout', '/review', '/payment', '/payment-sucess', '/review-order/', '/reset-password/', '/verify-email/', '/api/', '/search', '/backoffice'];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml and robots.txt at the store's root, with the English, Portuguese and Spanish address of each page. */
const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = app.config.PUBLIC_URL.replace(/\/$/, '');
  const address = (path: string, language: PageLanguage) =>
    `${base}${path}${language === 'en' ? '' : `${path.includes('?') ? '&' : '?'}lang=${language}`}`;
  const languages: PageLanguage[] = ['en', 'pt', 'es'];
  const entry = (path: string, lastmod?: string) => {
    const addresses = languages.map((language) => [language, escapeXml(address(path, language))] as const);
    const alternates = addresses.map(([language, href]) => `<xhtml:link rel="alternate" hreflang="${language}" href="${href}"/>`).join('');
    const modified = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
    return addresses.map(([, href]) => `<url><loc>${href}</loc>${modified}${alternates}</url>`).join('');
  };

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [variants, sellers] = await Promise.all([
      app.sitemapRepository.variants(BRAND_ID, MAX_PRODUCTS),
      app.sitemapRepository.sellers(BRAND_ID, MAX_SELLERS),
    ]);
    const urls = [
      ...STATIC_PATHS.map((path) => entry(path)),
      ...variants.map((variant) => entry(`/product/${variant.product_id}?variant=${variant.variant_id}`, variant.updated)),
      ...sellers.map((seller) => entry(`/vendor/${seller}`)),
    ];
    reply.header('Cache-Control', PUBLIC_CATALOGUE_CACHE_CONTROL).type('application/xml; charset=utf-8');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8');
    return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
  });
};

export default seoRoutes;
