import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
}

/** Photos on the local disk (the default: DATA_DIR/photos). */
export function diskStorage(dir: string): PhotoStorage {
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      // Written beside and renamed: a reader never sees half a file.
      const temporary = path.join(dir, `.${name}.${process.pid}.tmp`);
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
  };
}

/** `app.photoStorage`: the local disk under PHOTOS_DIR. */
export default fp(
  async function photoStoragePlugin(app: FastifyInstance) {
    app.decorate('photoStorage', diskStorage(app.config.PHOTOS_DIR ?? path.join(app.config.DATA_DIR, 'photos')));
  },
  { name: 'photo-storage', dependencies: ['config'] },
);
