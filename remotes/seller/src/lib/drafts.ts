import Dexie, { type EntityTable } from 'dexie';

// The submit form's drafts, kept in the browser's IndexedDB (Dexie: the maintained, typed IndexedDB
// wrapper), so a reload or a lost connection loses nothing. Photos wait in the spec's
// `Images` table (id auto-increment, base64 text, not null) until the listing is submitted.

/** A row of the spec's local image table. */
export interface ImageRow {
  id: number;
  /** The resized photo as a data URL (`data:image/jpeg;base64,...`). */
  base64: string;
}

/** One photo of a draft: waiting in `Images`, already uploaded (its URL), or both. */
export interface DraftPhoto {
  imageId?: number;
  url?: string;
}

/** The form as the seller left it. */
export interface Draft {
  /** 'new' for a new piece, or the listing id being edited. */
  key: string;
  productId: number | null;
  productTitle: string;
  variantId: number | null;
  childId: number | null;
  conditionId: number | null;
  comment: string;
  price: string;
  minPrice: string;
  smartPricing: boolean;
  photos: DraftPhoto[];
  savedAt: number;
}

class SellerDrafts extends Dexie {
  Images!: EntityTable<ImageRow, 'id'>;
  drafts!: EntityTable<Draft, 'key'>;
  constructor() {
    super('preloved-seller');
    this.version(1).stores({ Images: '++id', drafts: 'key' });
  }
}

let database: SellerDrafts | null = null;
const db = () => (database ??= new SellerDrafts());

/** Keeps a photo; answers its id in `Images`. */
export async function saveImage(base64: string): Promise<number> {
  if (!base64) throw new Error('An image needs its base64 text');
  return db().Images.add({ base64 } as ImageRow);
}

export async function readImage(id: number): Promise<string | null> {
  return (await db().Images.get(id))?.base64 ?? null;
}

export async function deleteImage(id: number): Promise<void> {
  await db().Images.delete(id);
}

export async function loadDraft(key: string): Promise<Draft | null> {
  return (await db().drafts.get(key)) ?? null;
}

// Saves run one after another, and a discard waits for them: a late save cannot bring back a draft
// that was just submitted.
let saves: Promise<unknown> = Promise.resolve();

export function saveDraft(draft: Draft): Promise<void> {
  const next = saves.then(() => db().drafts.put(draft));
  saves = next.catch(() => undefined);
  return next.then(() => undefined);
}

/** Forgets a draft and the photos it kept (after the listing was saved). */
export async function discardDraft(key: string): Promise<void> {
  await saves;
  await db().transaction('rw', db().drafts, db().Images, async () => {
    const draft = await db().drafts.get(key);
    const ids = (draft?.photos ?? []).map((photo) => photo.imageId).filter((id): id is number => id !== undefined);
    await db().Images.bulkDelete(ids);
    await db().drafts.delete(key);
  });
}

/** For tests: closes and forgets the connection (the next call opens it again). */
export async function closeDrafts(): Promise<void> {
  database?.close();
  database = null;
}
