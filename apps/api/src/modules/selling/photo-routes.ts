import { MAX_PHOTO_BYTES, UploadedPhoto, ApiError } from '@preloved/contract';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, fieldError, notFound } from '../../core/errors';
import { PhotoRejected, processPhoto } from './photos';

/** Photos are named by their content: a name always means the same bytes, so they are cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Sellers upload listing photos; everyone reads them (spec §3: 2 to 4 per listing). */
const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body is the file itself (what a browser's fetch sends for a Blob); its declared type is not trusted.
  app.addContentTypeParser(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/seller/photos',
    {
      // The 10 MB limit is the image parsers' own: any other body keeps the API's 1 MB.
      preHandler: app.authenticate,
      errorHandler: (error: FastifyError, request, reply) => {
        const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && !String(request.headers['content-type'] ?? '').includes('json');
        const mapped = tooLarge ? apiError(413, 'photo_too_large', { fields: [{ field: 'photo', key: 'photo_too_large' }] }) : error;
        return app.errorHandler(mapped as FastifyError, request, reply);
      },
      schema: {
        tags: ['selling'],
        security: [{ bearer: [] }],
        summary: "Uploads one listing photo (the file's bytes as the body, at most 10 MB)",
        description:
          'JPEG, PNG, WebP or HEIC, recognised from the bytes. Stored re-encoded as WebP in two sizes (product page 1000×1250, card 400×500, never enlarged), upright, without metadata. 413 `photo_too_large`; 422 `photo_not_image`, `photo_too_many_pixels` (over PHOTO_MAX_MEGAPIXELS, 25 by default); 429 over the upload limits (per hour, per day, at once), with Retry-After. An upload no listing uses is removed after a day.',
        response: { 201: UploadedPhoto, 401: ApiError, 413: ApiError, 415: ApiError, 422: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw fieldError('photo', 'photo_not_image');
      const sellerId = request.customerId!;
      const { config } = app;
      await app.throttle.attempt([
        { key: `photos:customer:${sellerId}`, max: config.PHOTOS_MAX_PER_HOUR, windowSeconds: 3600 },
        { key: `photos:ip:${request.clientAddress}`, max: config.PHOTOS_MAX_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
        { key: `photos:day:${sellerId}`, max: config.PHOTOS_MAX_PER_DAY, windowSeconds: 86_400 },
      ]);
      // Decoding and re-encoding is the expensive part: a seller holds at most PHOTOS_MAX_CONCURRENT slots.
      const slot = { key: `photos:busy:${sellerId}`, max: config.PHOTOS_MAX_CONCURRENT, windowSeconds: config.PHOTO_SLOT_SECONDS };
      await app.throttle.attempt([slot]);
      let photo;
      try {
        photo = await processPhoto(body, config.PHOTO_MAX_MEGAPIXELS * 1_000_000);
        await app.photoUploads.record(sellerId, photo.id);
        await app.photoStorage.put(`${photo.id}.webp`, photo.large.bytes);
        await app.photoStorage.put(`${photo.id}-card.webp`, photo.card.bytes);
      } catch (error) {
        if (error instanceof PhotoRejected) throw fieldError('photo', error.key);
        throw error;
      } finally {
        await app.throttle.release([slot.key]);
      }
      reply.code(201);
      return { url: `/api/photos/${photo.id}.webp`, card_url: `/api/photos/${photo.id}-card.webp`, width: photo.large.width, height: photo.large.height };
    },
  );

  app.get(
    '/photos/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-f0-9]{32}(-card)?\.webp$/) }) } },
    async (request, reply) => {
      const bytes = await app.photoStorage.get(request.params.file);
      if (!bytes) throw notFound('Photo');
      reply.header('Cache-Control', IMMUTABLE);
      reply.type('image/webp');
      return bytes;
    },
  );
};

export default photoRoutes;
