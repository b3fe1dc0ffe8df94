import { MAIN_SHOP_NAME } from '@preloved/contract';

// Generated catalogue photos and brand images: drawn as SVG from the garment's kind and colour, so
// the demo store needs no downloads and every listing's photo is in its own colour.

const W = 400;
const H = 500;

const SHAPES: Record<string, string> = {
  dress: 'M160 60 Q200 80 240 60 L256 124 Q236 150 238 176 L304 448 Q200 468 96 448 L162 176 Q164 150 144 124 Z',
  blouse: 'M140 84 L176 66 Q200 92 224 66 L260 84 L322 196 L290 214 L262 158 L266 404 Q200 418 134 404 L138 158 L110 214 L78 196 Z',
  shirt: 'M136 84 L176 64 L200 92 L224 64 L264 84 L330 300 L296 310 L264 170 L268 420 L132 420 L136 170 L104 310 L70 300 Z',
  tshirt: 'M132 84 L172 66 Q200 96 228 66 L268 84 L324 150 L288 176 L266 148 L266 420 L134 420 L134 148 L112 176 L76 150 Z',
  knit: 'M132 88 L174 70 Q200 98 226 70 L268 88 L326 310 L292 318 L264 176 L268 410 L132 410 L136 176 L108 318 L74 310 Z',
  coat: 'M134 60 L174 46 L200 130 L226 46 L266 60 L322 330 L290 338 L270 200 L276 466 L124 466 L130 200 L110 338 L78 330 Z',
  jacket: 'M136 76 L176 60 L200 140 L224 60 L264 76 L322 300 L290 308 L266 180 L270 370 L130 370 L134 180 L110 308 L78 300 Z',
  blazer: 'M138 70 L178 56 L200 170 L222 56 L262 70 L320 310 L290 318 L266 186 L270 400 L130 400 L134 186 L110 318 L80 310 Z',
  trousers: 'M140 64 L260 64 L282 452 L220 452 L200 190 L180 452 L118 452 Z',
  jeans: 'M142 64 L258 64 L276 452 L218 452 L200 196 L182 452 L124 452 Z',
  skirt: 'M150 96 L250 96 L306 402 Q200 424 94 402 Z',
  bag: 'M104 200 L296 200 L312 420 L88 420 Z M150 200 Q150 110 200 110 Q250 110 250 200 L236 200 Q236 126 200 126 Q164 126 164 200 Z',
  tote: 'M96 170 L304 170 L290 440 L110 440 Z M140 170 Q140 70 200 70 Q260 70 260 170 L246 170 Q246 88 200 88 Q154 88 154 170 Z',
  backpack: 'M120 130 Q120 80 200 80 Q280 80 280 130 L290 430 Q200 450 110 430 Z M150 300 L250 300 L250 400 L150 400 Z',
  scarf: 'M110 80 L190 80 L290 420 L210 420 Z',
  belt: 'M40 220 L360 220 L360 268 L40 268 Z M250 206 L306 206 L306 282 L250 282 Z',
  hat: 'M140 250 Q140 150 200 150 Q260 150 260 250 Z M70 250 Q200 300 330 250 Q200 280 70 250 Z',
  cap: 'M120 270 Q120 160 200 160 Q280 160 280 270 Z M250 262 Q330 262 350 292 L240 292 Z',
  sunglasses: 'M70 220 Q70 200 96 200 L176 200 Q188 200 186 220 L178 282 Q172 300 150 300 L104 300 Q80 300 76 280 Z M224 200 L304 200 Q330 200 330 220 L324 280 Q320 300 296 300 L250 300 Q228 300 222 282 L214 220 Q212 200 224 200 Z M186 214 Q200 204 214 214 L214 224 Q200 214 186 224 Z',
};

const DETAILS: Record<string, string> = {
  shirt: 'M200 96 L200 410 M194 150 h12 M194 210 h12 M194 270 h12 M194 330 h12',
  coat: 'M200 130 L200 460 M186 220 h6 M186 300 h6 M208 220 h6 M208 300 h6',
  jacket: 'M200 140 L200 366',
  blazer: 'M178 56 L166 150 L200 170 M222 56 L234 150 L200 170 M200 170 L200 396 M192 250 h16 M192 300 h16 M146 290 h30',
  knit: 'M136 396 L264 396 M140 402 L260 402',
  jeans: 'M200 70 L200 190 M150 110 Q170 130 190 110 M250 110 Q230 130 210 110',
  trousers: 'M200 70 L200 190',
  skirt: 'M150 112 L250 112 M170 112 L150 404 M200 112 L200 414 M230 112 L250 404',
  backpack: 'M140 100 L120 300 M260 100 L280 300',
  scarf: 'M210 420 L206 446 M226 420 L222 446 M242 420 L238 446 M258 420 L254 446 M274 420 L270 446',
  dress: 'M162 176 Q200 190 238 176',
};

function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, ((value >> shift) & 255) + amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

const BACKGROUNDS = ['#efeae3', '#e8e2d9', '#f2efe9', '#e3ddd3'];

/** A small deterministic generator (mulberry32): the same listing always gets the same photos. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What makes one listing's photos its own: its seed (the listing id) and its condition (1 best – 5). */
export interface PhotoVariation {
  seed: number;
  condition: number;
}

/** Marks of wear in proportion to the condition: none when new, pills and faded patches when fair. */
function wearMarks(next: () => number, condition: number, hex: string): string {
  const count = [0, 0, 1, 2, 4, 6][condition] ?? 0;
  const marks: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = 150 + next() * 100;
    const y = 160 + next() * 220;
    if (next() < 0.5) {
      // A faded patch.
      marks.push(`<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(8 + next() * 14).toFixed(0)}" ry="${(5 + next() * 9).toFixed(0)}" fill="${shade(hex, 55)}" opacity="${(0.25 + next() * 0.25).toFixed(2)}"/>`);
    } else {
      // A cluster of pills.
      for (let j = 0; j < 5; j++) {
        marks.push(`<circle cx="${(x + (next() - 0.5) * 16).toFixed(0)}" cy="${(y + (next() - 0.5) * 16).toFixed(0)}" r="1.6" fill="${shade(hex, -70)}" opacity=".55"/>`);
      }
    }
  }
  return marks.join('');
}

/**
 * Photo n (1–4) of a garment: front, back (mirrored, other backdrop), a close-up, on a shelf. With a
 * variation, the photo is one listing's: its own angle, framing, backdrop and the wear of its condition
 * (a tag on a piece that is new with tags), always the same for the same listing.
 */
export function garmentPhoto(kind: string, hex: string, n: number, variation?: PhotoVariation): string {
  const shape = SHAPES[kind] ?? SHAPES.tshirt!;
  const detail = DETAILS[kind] ?? '';
  const next = variation ? generator(variation.seed * 7 + n) : () => 0.5;
  const background = variation ? shade(BACKGROUNDS[Math.floor(next() * BACKGROUNDS.length)]!, Math.round((next() - 0.5) * 16)) : BACKGROUNDS[(n - 1) % BACKGROUNDS.length]!;
  // A close-up frames a different part of the garment for each listing.
  const closeUp = variation ? `${(60 + next() * 70).toFixed(0)} ${(90 + next() * 90).toFixed(0)} 220 275` : '90 110 220 275';
  const viewBox = n === 3 ? closeUp : `0 0 ${W} ${H}`;
  const flip = n === 2 ? `translate(${W} 0) scale(-1 1)` : '';
  const angle = variation ? ((next() - 0.5) * 10).toFixed(1) : '0';
  const scale = variation ? (0.9 + next() * 0.14).toFixed(3) : '1';
  const shift = variation ? `${((next() - 0.5) * 24).toFixed(0)} ${((next() - 0.5) * 16).toFixed(0)}` : '0 0';
  const pose = variation ? `translate(${shift}) rotate(${angle} 200 260) translate(200 260) scale(${scale}) translate(-200 -260)` : '';
  const edge = shade(hex, -45);
  const wear = variation && n !== 4 ? wearMarks(next, variation.condition, hex) : '';
  const tag =
    variation?.condition === 1 && n !== 3
      ? `<path d="M214 120 L236 150" stroke="#6b655e" stroke-width="1.5"/><rect x="226" y="148" width="26" height="36" rx="3" fill="#f6f3ee" stroke="#6b655e" transform="rotate(-12 239 166)"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${W}" height="${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(hex, 28)}"/><stop offset="1" stop-color="${shade(hex, -18)}"/></linearGradient><clipPath id="c"><path d="${shape}" fill-rule="evenodd"/></clipPath></defs>
<rect x="-20" y="-20" width="${W + 40}" height="${H + 40}" fill="${background}"/>
${n === 4 ? `<rect x="0" y="455" width="${W}" height="45" fill="${shade(background.slice(0, 7), -18)}"/>` : ''}
<ellipse cx="200" cy="470" rx="120" ry="10" fill="#000" opacity=".08"/>
<g transform="${pose}"><g transform="${flip}"><path d="${shape}" fill="url(#g)" stroke="${edge}" stroke-width="3" stroke-linejoin="round" fill-rule="evenodd"/>
<g clip-path="url(#c)">${wear}</g>
<path d="${detail}" fill="none" stroke="${edge}" stroke-width="2.5" stroke-linecap="round" opacity=".7"/></g>${tag}</g>
</svg>`;
}

/** Brand images of the demo brand: wordmarks, the sidebar and collection pictures. */
export function brandImage(name: string): string | null {
  const wordmark = (text: string, fill: string, width = 240) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 64" width="${width}" height="64"><text x="${width / 2}" y="44" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="36" letter-spacing="2" fill="${fill}">${text}</text></svg>`;
  switch (name) {
    case '2hand-logo':
      return wordmark('Preloved', '#1d1b19');
    case 'mini-logo':
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="12" fill="#1d1b19"/><text x="32" y="44" text-anchor="middle" font-family="Georgia, serif" font-size="34" fill="#f6f3ee">P</text></svg>`;
    case 'main-logo': {
      // Wide enough for its capitals (Georgia's at 36 px with their spacing, ~27 px each): a fixed
      // 360 cut the ends of BEAUTIFUL LOSERS off.
      const name = MAIN_SHOP_NAME.toUpperCase();
      return wordmark(name, '#f6f3ee', Math.max(240, name.length * 27 + 32));
    }
    case 'sidebar':
    case 'sidebar-vertical':
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 600" width="480" height="600"><rect width="480" height="600" fill="#d9cbb8"/><circle cx="360" cy="140" r="90" fill="#e9dfc9"/>
<g transform="translate(20 40)"><path d="${SHAPES.coat}" fill="#b8864e" stroke="#8a5f34" stroke-width="3"/></g>
<g transform="translate(150 90) scale(.85)"><path d="${SHAPES.dress}" fill="#27324a" stroke="#141b2b" stroke-width="3"/></g>
<g transform="translate(250 300) scale(.5)"><path d="${SHAPES.tote}" fill="#6e2433" stroke="#4a1622" stroke-width="4" fill-rule="evenodd"/></g></svg>`;
    default: {
      const collection = /^collection-(\w+)$/.exec(name)?.[1];
      const looks: Record<string, [string, string, string]> = {
        women: ['dress', '#e3a6b2', '#f2e6e0'],
        men: ['coat', '#27324a', '#e2e5ea'],
        clothing: ['knit', '#4f7a5a', '#e4ebe2'],
        accessories: ['tote', '#b8864e', '#f1e7da'],
        new: ['jacket', '#b23a32', '#f3e3df'],
        verified: ['shirt', '#4a72a8', '#e0e8f2'],
      };
      const look = collection ? looks[collection] : undefined;
      if (!look) return null;
      const [kind, colour, background] = look;
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500"><rect width="400" height="500" fill="${background}"/><path d="${SHAPES[kind]}" fill="${colour}" stroke="${shade(colour, -40)}" stroke-width="3" fill-rule="evenodd"/></svg>`;
    }
  }
}

export const GARMENT_KINDS = Object.keys(SHAPES);
