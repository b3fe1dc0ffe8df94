import type { UploadedPhoto } from '@preloved/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, fieldError } from '../../core/errors';
import { PhotoRejected, processPhoto } from './photos';

// One upload of a photo, whoever sends it (a seller's listing photo, staff's Brand Direct photo): the
// same checks, the same two WebP sizes, the same slot while it is decoded. The routes differ only in
// who is counted and where the upload is recorded.

/** A route's error handler: a photo body over the image parsers' limit is the photo field's 413 (a JSON body keeps the API's own). */
export function photoBodyErrors(app: FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && !String(request.headers['content-type'] ?? '').includes('json');
    const mapped = tooLarge ? apiError(413, 'photo_too_large', { fields: [{ field: 'photo', key: 'photo_too_large' }] }) : error;
    return app.errorHandler(mapped as FastifyError, request, reply);
  };
}

/**
 * Decodes, checks and stores one uploaded photo in its two sizes, holding one of the uploader's
 * PHOTOS_MAX_CONCURRENT slots (`slotKey`) while it works; `record` notes whose upload it is before the
 * bytes are stored. A body that is no image is the photo field's refusal.
 */
export async function storeUploadedPhoto(app: FastifyInstance, body: unknown, slotKey: string, record: (photoId: string) => Promise<void>): Promise<UploadedPhoto> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw fieldError('photo', 'photo_not_image');
  const { config } = app;
  const slot = { key: slotKey, max: config.PHOTOS_MAX_CONCURRENT, windowSeconds: config.PHOTO_SLOT_SECONDS };
  await app.throttle.attempt([slot]);
  let photo;
  try {
    photo = await processPhoto(body, config.PHOTO_MAX_MEGAPIXELS * 1_000_000);
    await record(photo.id);
    await app.photoStorage.put(`${photo.id}.webp`, photo.large.bytes);
    await app.photoStorage.put(`${photo.id}-card.webp`, photo.card.bytes);
  } catch (error) {
    if (error instanceof PhotoRejected) throw fieldError('photo', error.key);
    throw error;
  } finally {
    await app.throttle.release([slot.key]);
  }
  return { url: `/api/photos/${photo.id}.webp`, card_url: `/api/photos/${photo.id}-card.webp`, width: photo.large.width, height: photo.large.height };
}
