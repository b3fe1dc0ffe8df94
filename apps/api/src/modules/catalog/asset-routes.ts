import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../core/errors';
import { brandImage, GARMENT_KINDS, garmentPhoto } from './images';

const Colour = z.string().regex(/^[a-z]{2,20}$/);
/** `1.svg`–`4.svg`: a variant's photos; `2-417-c4.svg`: photo 2 of listing 417, whose condition is 4 (seed data). */
const PHOTO_FILE = /^([1-4])(?:-(\d{1,9})-c([1-5]))?\.svg$/;
const PhotoFile = z.string().regex(PHOTO_FILE);

/** Generated catalogue photos and brand images: immutable, so cached for a year. */
const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  const colours = await app.coloursRepository.hexes();
  const send = (reply: { header(name: string, value: string): unknown; type(value: string): unknown }, svg: string) => {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.type('image/svg+xml');
    return svg;
  };

  app.get(
    '/assets/photos/:kind/:colour/:file',
    { schema: { hide: true, params: z.object({ kind: z.enum(GARMENT_KINDS as [string, ...string[]]), colour: Colour, file: PhotoFile }) } },
    async (request, reply) => {
      const hex = colours.get(request.params.colour);
      if (!hex) throw notFound('Photo');
      const [, n, seed, condition] = PHOTO_FILE.exec(request.params.file)!;
      const variation = seed && condition ? { seed: Number(seed), condition: Number(condition) } : undefined;
      return send(reply, garmentPhoto(request.params.kind, hex, Number(n), variation));
    },
  );

  app.get('/assets/brand/:file', { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/) }) } }, async (request, reply) => {
    const svg = brandImage(request.params.file.replace(/\.svg$/, ''));
    if (!svg) throw notFound('Image');
    return send(reply, svg);
  });
};

export default assetRoutes;
