import { crc32, deflateSync } from 'node:zlib';

// Real PNG files written byte by byte, for the tests that upload photos (the API's photo checks and the
// selling journeys): no image library needed to make one, and a file can claim what it likes.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function header(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const head = Buffer.alloc(13);
  head.writeUInt32BE(width, 0);
  head.writeUInt32BE(height, 4);
  head[8] = bitDepth;
  head[9] = colourType;
  return head;
}

function file(head: Buffer, pixels: Buffer): Buffer {
  return Buffer.concat([SIGNATURE, chunk('IHDR', head), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** A real PNG of one colour, `width` × `height` RGB pixels. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  return file(header(width, height, 8, 2), Buffer.concat(Array.from({ length: height }, () => row)));
}

/** A PNG whose header claims `width` × `height` pixels in a few hundred bytes (a decompression bomb). */
export function pngClaiming(width: number, height: number): Buffer {
  return file(header(width, height, 1, 0), Buffer.alloc(1024));
}
