import { MAX_PHOTO_BYTES, UploadedPhoto, ApiError } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, notFound } from '../../core/errors';
import { photoBodyErrors, storeUploadedPhoto } from './photo-upload-step';

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
      errorHandler: photoBodyErrors(app),
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
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw fieldError('photo', 'photo_not_image');
      const sellerId = request.customerId!;
      const { config } = app;
      await app.throttle.attempt([
        { key: `photos:customer:${sellerId}`, max: config.PHOTOS_MAX_PER_HOUR, windowSeconds: 3600 },
        { key: `photos:ip:${request.clientAddress}`, max: config.PHOTOS_MAX_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
        { key: `photos:day:${sellerId}`, max: config.PHOTOS_MAX_PER_DAY, windowSeconds: 86_400 },
      ]);
      // Decoding and re-encoding is the expensive part: a seller holds at most PHOTOS_MAX_CONCURRENT slots.
      const stored = await storeUploadedPhoto(app, request.body, `photos:busy:${sellerId}`, (photoId) => app.photoUploads.record(sellerId, photoId));
      reply.code(201);
      return stored;
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
