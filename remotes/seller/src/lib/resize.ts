// Photos are made smaller in the browser before they are kept and sent: a phone's 12-megapixel photo
// becomes a JPEG of at most 2000 px on its long side (a few hundred KB), which the API then turns
// into the store's own sizes. Upload time and the draft's IndexedDB space shrink with it.

export const MAX_SIDE = 2000;

export class NotAnImage extends Error {}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The box a photo is scaled into, keeping its proportions and never enlarging it. */
export function fitInside(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The photo as a data URL, resized when the browser can decode it. A file the browser cannot decode
 * as an image is refused (NotAnImage); where there is no decoder at all (old browsers, tests), the
 * file goes as it is and the API checks it.
 */
export async function resizePhoto(file: Blob): Promise<string> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return readAsDataUrl(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new NotAnImage();
  }
  const size = fitInside(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return readAsDataUrl(file);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
  return readAsDataUrl(blob ?? file);
}

/** A data URL back into bytes for the upload. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
