import type { PageMeta } from '@preloved/contract';
import { exposeCss, headTags } from './server-render';

describe('the head of a server-rendered page', () => {
  const product: PageMeta = {
    title: 'Linen dress — Sand — Preloved',
    description: 'Linen dress, second-hand: 2 pieces from €25.00',
    image: '/api/assets/photos/dress/sand/1.svg',
    type: 'product',
    jsonLd: { '@type': 'Product', name: 'Linen </script> dress', image: ['/api/assets/photos/dress/sand/1.svg'], offers: { '@type': 'AggregateOffer', lowPrice: '25.00' } },
  };

  it('carries the title, description, canonical with the language, hreflang EN/PT and Open Graph', () => {
    const head = headTags(product, { publicUrl: 'https://shop.example.com', requestUrl: '/product/3?variant=7&lang=pt', language: 'pt' });
    expect(head).toContain('<title>Linen dress — Sand — Preloved</title>');
    expect(head).toContain('<meta name="description" content="Linen dress, second-hand: 2 pieces from €25.00">');
    expect(head).toContain('<link rel="canonical" href="https://shop.example.com/product/3?variant=7&amp;lang=pt">');
    expect(head).toContain('<link rel="alternate" hreflang="en" href="https://shop.example.com/product/3?variant=7">');
    expect(head).toContain('<link rel="alternate" hreflang="pt" href="https://shop.example.com/product/3?variant=7&amp;lang=pt">');
    expect(head).toContain('<meta property="og:image" content="https://shop.example.com/api/assets/photos/dress/sand/1.svg">');
    expect(head).toContain('<meta property="og:type" content="product">');
  });

  it('embeds the JSON-LD so that no value can close its script element', () => {
    const head = headTags(product, { publicUrl: 'https://shop.example.com', requestUrl: '/product/3', language: 'en' });
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)![1]!;
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({ ...product.jsonLd, image: ['https://shop.example.com/api/assets/photos/dress/sand/1.svg'] });
  });
});

describe('the style sheets of a page in its head', () => {
  const search = {
    // As the manifest plugin writes a remote with two exposes: each lists both exposes' CSS.
    assets: { css: { sync: ['__federation_expose_SearchBox.e55b1bf1.css', '__federation_expose_SearchPages.9445dbd5.css', '587.0f1e2d3c.css'], async: [] } },
  };

  it('are the expose’s own and the chunks it shares, never another expose’s', () => {
    expect(exposeCss({ name: 'SearchPages', ...search })).toEqual(['__federation_expose_SearchPages.9445dbd5.css', '587.0f1e2d3c.css']);
    expect(exposeCss({ name: 'SearchBox', ...search })).toEqual(['__federation_expose_SearchBox.e55b1bf1.css', '587.0f1e2d3c.css']);
    // A name that is the start of another's is not taken for it; when none is the expose's own, all stay.
    expect(exposeCss({ name: 'Search', ...search })).toEqual(search.assets.css.sync);
    expect(exposeCss({ name: 'CatalogPages', assets: { css: { sync: ['__federation_expose_CatalogPages.ef7edf20.css'] } } })).toEqual(['__federation_expose_CatalogPages.ef7edf20.css']);
    expect(exposeCss({ name: 'Nothing' })).toEqual([]);
  });
});
