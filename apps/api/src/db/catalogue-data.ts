// The demo catalogue: real-looking products of a fashion brand, written out so the store reads well.
export const CONDITIONS = [
  { id: 1, option: 'New with tags', description: 'Never worn, original tags attached.', description_pt: 'Nunca usado, com as etiquetas originais.' },
  { id: 2, option: 'Like new', description: 'Worn once or twice, no signs of wear.', description_pt: 'Usado uma ou duas vezes, sem sinais de uso.' },
  { id: 3, option: 'Very good', description: 'Lightly worn, no flaws worth mentioning.', description_pt: 'Pouco usado, sem defeitos dignos de nota.' },
  { id: 4, option: 'Good', description: 'Worn and loved, with small signs of wear described by the seller.', description_pt: 'Usado e estimado, com pequenos sinais de uso descritos pelo vendedor.' },
  { id: 5, option: 'Fair', description: 'Visible wear or a small flaw, priced accordingly.', description_pt: 'Sinais de uso visíveis ou um pequeno defeito, com o preço a condizer.' },
];

export const COLOURS = [
  { id: 'black', name: 'Black', hex: '#1f1f1f' },
  { id: 'white', name: 'White', hex: '#f4f2ee' },
  { id: 'ecru', name: 'Ecru', hex: '#e9dfc9' },
  { id: 'beige', name: 'Beige', hex: '#d6c3a5' },
  { id: 'camel', name: 'Camel', hex: '#b8864e' },
  { id: 'brown', name: 'Brown', hex: '#6b4a32' },
  { id: 'grey', name: 'Grey', hex: '#8d8f93' },
  { id: 'navy', name: 'Navy', hex: '#27324a' },
  { id: 'blue', name: 'Blue', hex: '#4a72a8' },
  { id: 'green', name: 'Green', hex: '#4f7a5a' },
  { id: 'olive', name: 'Olive', hex: '#6f6b3e' },
  { id: 'red', name: 'Red', hex: '#b23a32' },
  { id: 'burgundy', name: 'Burgundy', hex: '#6e2433' },
  { id: 'pink', name: 'Pink', hex: '#e3a6b2' },
  { id: 'yellow', name: 'Yellow', hex: '#e2b948' },
];

export const CATEGORIES = [
  { id: 6, name: 'Clothing' },
  { id: 7, name: 'Bags' },
  { id: 11, name: 'Accessories' },
];

type Gender = 'women' | 'men';
export interface ProductSeed {
  gender: Gender;
  category: 6 | 7 | 11;
  kind: string;
  title: string;
  price: number;
  /** The product's colours (ids of COLOURS); random when absent. */
  colours?: string[];
}

const w = (category: 6 | 7 | 11, kind: string, title: string, price: number): ProductSeed => ({ gender: 'women', category, kind, title, price });
const m = (category: 6 | 7 | 11, kind: string, title: string, price: number): ProductSeed => ({ gender: 'men', category, kind, title, price });

export const PRODUCTS: ProductSeed[] = [
  w(6, 'dress', 'Linen wrap dress', 129), w(6, 'dress', 'Silk slip dress', 179), w(6, 'dress', 'Poplin shirt dress', 119),
  w(6, 'dress', 'Knitted midi dress', 149), w(6, 'blouse', 'Broderie cotton blouse', 79), w(6, 'blouse', 'Satin bow blouse', 89),
  w(6, 'blouse', 'Relaxed linen shirt', 85), w(6, 'skirt', 'Pleated midi skirt', 99), w(6, 'skirt', 'Denim A-line skirt', 75),
  w(6, 'skirt', 'Leather pencil skirt', 229), w(6, 'knit', 'Merino crew-neck jumper', 109), w(6, 'knit', 'Cable-knit cardigan', 139),
  w(6, 'knit', 'Mohair cardigan', 159), w(6, 'coat', 'Double-faced wool coat', 349), w(6, 'coat', 'Cotton trench coat', 259),
  w(6, 'coat', 'Teddy coat', 289), w(6, 'trousers', 'Wide-leg tailored trousers', 119), w(6, 'trousers', 'Cropped culottes', 95),
  w(6, 'jeans', 'High-rise straight jeans', 99), w(6, 'tshirt', 'Organic cotton T-shirt', 35), w(6, 'jacket', 'Cropped tweed jacket', 199),
  w(6, 'jacket', 'Quilted liner jacket', 149),
  w(7, 'tote', 'Leather tote bag', 249), w(7, 'bag', 'Structured shoulder bag', 219), w(7, 'bag', 'Mini crossbody bag', 159),
  w(7, 'backpack', 'Canvas backpack', 99), w(7, 'bag', 'Woven raffia bag', 89), w(7, 'tote', 'Quilted tote', 139),
  w(11, 'scarf', 'Printed silk scarf', 89), w(11, 'belt', 'Woven leather belt', 69), w(11, 'hat', 'Wool felt hat', 79),
  w(11, 'sunglasses', 'Tortoiseshell sunglasses', 119), w(11, 'scarf', 'Cashmere scarf', 149),
  m(6, 'shirt', 'Oxford button-down shirt', 79), m(6, 'shirt', 'Linen camp-collar shirt', 85), m(6, 'shirt', 'Flannel overshirt', 99),
  m(6, 'shirt', 'Chambray shirt', 79), m(6, 'tshirt', 'Heavyweight pocket T-shirt', 39), m(6, 'tshirt', 'Striped Breton top', 55),
  m(6, 'tshirt', 'Piqué polo shirt', 59), m(6, 'knit', 'Lambswool V-neck jumper', 99), m(6, 'knit', 'Chunky roll-neck jumper', 139),
  m(6, 'knit', 'Zip-neck sweatshirt', 89), m(6, 'coat', 'Wool overcoat', 369), m(6, 'coat', 'Waxed field coat', 279),
  m(6, 'jacket', 'Denim trucker jacket', 119), m(6, 'jacket', 'Harrington jacket', 159), m(6, 'jacket', 'Suede bomber jacket', 329),
  m(6, 'trousers', 'Pleated chinos', 89), m(6, 'trousers', 'Corduroy trousers', 95), m(6, 'trousers', 'Tailored wool trousers', 149),
  m(6, 'jeans', 'Selvedge slim jeans', 139), m(6, 'jeans', 'Relaxed tapered jeans', 109),
  m(7, 'backpack', 'Roll-top backpack', 129), m(7, 'bag', 'Leather weekender', 399), m(7, 'tote', 'Canvas tote', 49),
  m(11, 'belt', 'Suede belt', 65), m(11, 'cap', 'Baseball cap', 35), m(11, 'scarf', 'Lambswool scarf', 69),
  m(11, 'sunglasses', 'Acetate sunglasses', 129), m(11, 'hat', 'Knitted beanie', 39), m(11, 'belt', 'Canvas webbing belt', 39),
];

/**
 * Products added to the demo catalogue after its first release ("blazer preto" has black
 * blazers to find). Seeded after PRODUCTS with listings of their own, so the first catalogue stays
 * as it was, and added to a database seeded before them on its next start.
 */
export const ADDED_PRODUCTS: ProductSeed[] = [
  { ...w(6, 'blazer', 'Single-breasted blazer', 189), colours: ['black', 'navy', 'camel'] },
  { ...w(6, 'blazer', 'Double-breasted linen blazer', 169), colours: ['ecru', 'black'] },
  { ...m(6, 'blazer', 'Wool flannel blazer', 259), colours: ['grey', 'black', 'navy'] },
];

/** The Portuguese titles of the demo products (the API answers in the language the client asks for). */
export const TITLES_PT: Record<string, string> = {
  'Linen wrap dress': 'Vestido traçado de linho',
  'Silk slip dress': 'Vestido de alças em seda',
  'Poplin shirt dress': 'Vestido-camisa de popelina',
  'Knitted midi dress': 'Vestido midi de malha',
  'Broderie cotton blouse': 'Blusa de algodão bordado',
  'Satin bow blouse': 'Blusa de cetim com laço',
  'Relaxed linen shirt': 'Camisa larga de linho',
  'Pleated midi skirt': 'Saia midi plissada',
  'Denim A-line skirt': 'Saia evasê de ganga',
  'Leather pencil skirt': 'Saia lápis de pele',
  'Merino crew-neck jumper': 'Camisola de gola redonda em merino',
  'Cable-knit cardigan': 'Casaco de malha entrançada',
  'Mohair cardigan': 'Casaco de malha em mohair',
  'Double-faced wool coat': 'Casaco de lã dupla face',
  'Cotton trench coat': 'Gabardina de algodão',
  'Teddy coat': 'Casaco teddy',
  'Wide-leg tailored trousers': 'Calças de alfaiataria de perna larga',
  'Cropped culottes': 'Culottes curtas',
  'High-rise straight jeans': 'Jeans retas de cintura subida',
  'Organic cotton T-shirt': 'T-shirt de algodão orgânico',
  'Cropped tweed jacket': 'Casaco curto de tweed',
  'Quilted liner jacket': 'Casaco acolchoado',
  'Leather tote bag': 'Saco tote de pele',
  'Structured shoulder bag': 'Mala de ombro estruturada',
  'Mini crossbody bag': 'Mala mini a tiracolo',
  'Canvas backpack': 'Mochila de lona',
  'Woven raffia bag': 'Mala de ráfia entrançada',
  'Quilted tote': 'Saco tote acolchoado',
  'Printed silk scarf': 'Lenço de seda estampado',
  'Woven leather belt': 'Cinto de pele entrançada',
  'Wool felt hat': 'Chapéu de feltro de lã',
  'Tortoiseshell sunglasses': 'Óculos de sol tartaruga',
  'Cashmere scarf': 'Cachecol de caxemira',
  'Oxford button-down shirt': 'Camisa Oxford com botões no colarinho',
  'Linen camp-collar shirt': 'Camisa de linho com gola aberta',
  'Flannel overshirt': 'Sobrecamisa de flanela',
  'Chambray shirt': 'Camisa de chambray',
  'Heavyweight pocket T-shirt': 'T-shirt grossa com bolso',
  'Striped Breton top': 'Camisola às riscas bretã',
  'Piqué polo shirt': 'Polo de piqué',
  'Lambswool V-neck jumper': 'Camisola de gola em V em lã de cordeiro',
  'Chunky roll-neck jumper': 'Camisola grossa de gola alta',
  'Zip-neck sweatshirt': 'Sweatshirt com fecho na gola',
  'Wool overcoat': 'Sobretudo de lã',
  'Waxed field coat': 'Casaco de campo encerado',
  'Denim trucker jacket': 'Casaco de ganga',
  'Harrington jacket': 'Casaco Harrington',
  'Suede bomber jacket': 'Blusão bomber de camurça',
  'Pleated chinos': 'Chinos com pregas',
  'Corduroy trousers': 'Calças de bombazina',
  'Tailored wool trousers': 'Calças de alfaiataria em lã',
  'Selvedge slim jeans': 'Jeans slim selvedge',
  'Relaxed tapered jeans': 'Jeans largas afuniladas',
  'Roll-top backpack': 'Mochila de fecho enrolado',
  'Leather weekender': 'Saco de viagem de pele',
  'Canvas tote': 'Saco tote de lona',
  'Suede belt': 'Cinto de camurça',
  'Baseball cap': 'Boné de basebol',
  'Lambswool scarf': 'Cachecol de lã de cordeiro',
  'Acetate sunglasses': 'Óculos de sol de acetato',
  'Knitted beanie': 'Gorro de malha',
  'Canvas webbing belt': 'Cinto de fita de lona',
  'Single-breasted blazer': 'Blazer de abotoamento simples',
  'Double-breasted linen blazer': 'Blazer de linho trespassado',
  'Wool flannel blazer': 'Blazer de flanela de lã',
};

export function sizesFor(product: ProductSeed): string[] {
  if (product.category !== 6) return ['One size'];
  if (product.kind === 'jeans') return product.gender === 'women' ? ['24', '26', '28', '30', '32'] : ['30', '32', '34', '36'];
  return product.gender === 'women' ? ['XS', 'S', 'M', 'L', 'XL'] : ['S', 'M', 'L', 'XL', 'XXL'];
}

/** A product's description. No colour: it is the product's, and its colour variants differ. */
export function describe(product: ProductSeed): string {
  const use: Record<string, string> = {
    dress: 'An easy dress that goes from a weekday to a dinner out.',
    blouse: 'A soft top that works tucked in or loose.',
    skirt: 'Cut to move well and sit comfortably at the waist.',
    knit: 'A warm knit that keeps its shape wash after wash.',
    coat: 'A lasting outer layer, cut generously to wear over knits.',
    jacket: 'A light layer for in-between weather.',
    trousers: 'A clean cut with a comfortable rise.',
    jeans: 'Rigid denim that softens and shapes to you with wear.',
    tshirt: 'A dependable everyday staple in a dense cotton.',
    shirt: 'A shirt that looks sharp and feels relaxed.',
    tote: 'Roomy enough for a laptop and a day’s essentials.',
    bag: 'Sized for the essentials, with an adjustable strap.',
    backpack: 'Padded straps and a laptop sleeve for daily carry.',
    scarf: 'A finishing touch that softens any outfit.',
    belt: 'Solid hardware and a strap that ages beautifully.',
    hat: 'Shaped to sit well and keep its form.',
    cap: 'Adjustable strap at the back, one size fits most.',
    sunglasses: 'UV400 lenses in a classic frame, with their case.',
    blazer: 'Softly tailored, for the office or a weekend away.',
  };
  return `${product.title}. ${use[product.kind] ?? ''} From the brand’s own collections, now looking for a second owner.`;
}

/** The Portuguese description of a product; null when its title has no Portuguese one. */
export function describePt(product: ProductSeed): string | null {
  const title = TITLES_PT[product.title];
  if (!title) return null;
  const use: Record<string, string> = {
    dress: 'Um vestido descontraído que passa do dia a dia a um jantar fora.',
    blouse: 'Uma peça leve que fica bem por dentro ou por fora.',
    skirt: 'Cortada para se mover bem e assentar confortavelmente na cintura.',
    knit: 'Uma malha quente que mantém a forma lavagem após lavagem.',
    coat: 'Uma camada exterior duradoura, com corte generoso para usar sobre malhas.',
    jacket: 'Uma camada leve para a meia-estação.',
    trousers: 'Um corte limpo com uma cintura confortável.',
    jeans: 'Ganga rígida que amacia e ganha a sua forma com o uso.',
    tshirt: 'Um básico de todos os dias em algodão denso.',
    shirt: 'Uma camisa que parece cuidada e se sente descontraída.',
    tote: 'Espaçoso para um portátil e o essencial do dia.',
    bag: 'Do tamanho do essencial, com alça ajustável.',
    backpack: 'Alças almofadadas e bolso para portátil, para o dia a dia.',
    scarf: 'Um toque final que suaviza qualquer conjunto.',
    belt: 'Ferragens sólidas e uma correia que envelhece lindamente.',
    hat: 'Moldado para assentar bem e manter a forma.',
    cap: 'Alça ajustável atrás, tamanho único para quase todos.',
    sunglasses: 'Lentes UV400 numa armação clássica, com estojo.',
    blazer: 'De alfaiataria suave, para o escritório ou um fim de semana fora.',
  };
  return `${title}. ${use[product.kind] ?? ''} Das coleções da própria marca, agora à procura de um segundo dono.`;
}

export const SELLERS = [
  { first: 'Marta', last: 'Fonseca', email: 'marta@preloved.test', sample: true },
  { first: 'Joana', last: 'Silva', email: 'joana@preloved.test' },
  { first: 'Sofia', last: 'Almeida', email: 'sofia@preloved.test' },
  { first: 'Inês', last: 'Carvalho', email: 'ines@preloved.test' },
  { first: 'Beatriz', last: 'Costa', email: 'beatriz@preloved.test' },
  { first: 'Rui', last: 'Pereira', email: 'rui@preloved.test' },
  { first: 'Tiago', last: 'Sousa', email: 'tiago@preloved.test' },
  { first: 'Miguel', last: 'Santos', email: 'miguel@preloved.test' },
  { first: 'Ana', last: 'Rodrigues', email: 'ana@preloved.test' },
  { first: 'Pedro', last: 'Martins', email: 'pedro@preloved.test' },
];

export const COMMENTS = [
  'Worn a handful of times, always washed on cold.',
  'Bought it for a wedding, wore it once.',
  'Still has the spare buttons.',
  'Smoke-free and pet-free home.',
  'Tiny pull on the back, see the last photo.',
  'Fits true to size.',
  'Slightly faded, which I think suits it.',
  'Moving house, clearing my wardrobe.',
  '',
  '',
];

/** A small seeded random generator (mulberry32): the demo catalogue is the same on every machine. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
