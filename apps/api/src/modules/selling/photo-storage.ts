import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    photoStorage: PhotoStorage;
  }
}

/** Where listing photos live: files named by their content hash, written once, never changed. */
export interface PhotoStorage {
  put(name: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such photo. */
  get(name: string): Promise<Buffer | null>;
  /** Removes a photo (an upload no listing used); a missing one is no error. */
  remove(name: string): Promise<void>;
}

/** Photos on the local disk (the default: DATA_DIR/photos). */
export function diskStorage(dir: string): PhotoStorage {
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      // Written beside and renamed: a reader never sees half a file. The temporary name is unique:
      // identical uploads in parallel write the same name, and must not share one temporary file.
      const temporary = path.join(dir, `.${name}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, path.join(dir, name));
    },
    async get(name) {
      try {
        return await readFile(path.join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(name) {
      await rm(path.join(dir, name), { force: true });
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (`endpoint/bucket/key`), as MinIO, s3rver and most S3-compatible servers want. */
  forcePathStyle: boolean;
}

/**
 * Photos in S3 or an S3-compatible store (the AWS SDK, which every such store speaks). The API still
 * serves them (GET /api/photos/:file) so their URLs do not depend on where they are kept; a CDN in
 * front caches them for good.
 */
export function s3Storage(settings: S3Settings): PhotoStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  return {
    async put(name, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: name, Body: bytes, ContentType: 'image/webp', CacheControl: 'public, max-age=31536000, immutable' }),
      );
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: name }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        const code = (error as { name?: string; $metadata?: { httpStatusCode?: number } });
        if (code.name === 'NoSuchKey' || code.$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: name }));
    },
  };
}

/** `app.photoStorage`: S3-compatible storage when PHOTOS_S3_BUCKET is set, else the local disk under PHOTOS_DIR. */
export default fp(
  async function photoStoragePlugin(app: FastifyInstance) {
    const { config } = app;
    app.decorate(
      'photoStorage',
      config.PHOTOS_S3_BUCKET
        ? s3Storage({
            bucket: config.PHOTOS_S3_BUCKET,
            endpoint: config.PHOTOS_S3_ENDPOINT,
            region: config.PHOTOS_S3_REGION,
            accessKeyId: config.PHOTOS_S3_ACCESS_KEY_ID,
            secretAccessKey: config.PHOTOS_S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.PHOTOS_S3_PATH_STYLE,
          })
        : diskStorage(config.PHOTOS_DIR ?? path.join(config.DATA_DIR, 'photos')),
    );
  },
  { name: 'photo-storage', dependencies: ['config'] },
);
