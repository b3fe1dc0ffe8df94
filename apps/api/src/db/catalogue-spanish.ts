// The demo catalogue in Spain's Spanish (issue 48): the products' titles and descriptions and the
// conditions' descriptions, as catalogue-data.ts has them in Portuguese. The API answers a Spanish
// reader with them (core/language.ts productText), and with the English where a product has none.
import type { ProductSeed } from './catalogue-data';

/** Each condition's description in Spanish, by the condition's id. */
export const CONDITION_DESCRIPTIONS_ES: Record<number, string> = {
  1: 'Sin estrenar, con las etiquetas originales.',
  2: 'Usado una o dos veces, sin señales de uso.',
  3: 'Poco usado, sin defectos que mencionar.',
  4: 'Usado y querido, con pequeñas señales de uso que describe quien lo vende.',
  5: 'Señales de uso visibles o un pequeño defecto, con el precio acorde.',
};

/** The Spanish titles of the demo products. */
export const TITLES_ES: Record<string, string> = {
  'Linen wrap dress': 'Vestido cruzado de lino',
  'Silk slip dress': 'Vestido lencero de seda',
  'Poplin shirt dress': 'Vestido camisero de popelín',
  'Knitted midi dress': 'Vestido midi de punto',
  'Broderie cotton blouse': 'Blusa de algodón bordado',
  'Satin bow blouse': 'Blusa de satén con lazada',
  'Relaxed linen shirt': 'Camisa holgada de lino',
  'Pleated midi skirt': 'Falda midi plisada',
  'Denim A-line skirt': 'Falda evasé vaquera',
  'Leather pencil skirt': 'Falda lápiz de piel',
  'Merino crew-neck jumper': 'Jersey de cuello redondo de merino',
  'Cable-knit cardigan': 'Cárdigan de ochos',
  'Mohair cardigan': 'Cárdigan de mohair',
  'Double-faced wool coat': 'Abrigo de lana doble faz',
  'Cotton trench coat': 'Gabardina de algodón',
  'Teddy coat': 'Abrigo teddy',
  'Wide-leg tailored trousers': 'Pantalón sastre de pernera ancha',
  'Cropped culottes': 'Culotte corto',
  'High-rise straight jeans': 'Vaqueros rectos de tiro alto',
  'Organic cotton T-shirt': 'Camiseta de algodón orgánico',
  'Cropped tweed jacket': 'Chaqueta corta de tweed',
  'Quilted liner jacket': 'Chaqueta acolchada',
  'Leather tote bag': 'Bolso tote de piel',
  'Structured shoulder bag': 'Bolso de hombro estructurado',
  'Mini crossbody bag': 'Bolso mini bandolera',
  'Canvas backpack': 'Mochila de lona',
  'Woven raffia bag': 'Bolso de rafia trenzada',
  'Quilted tote': 'Bolso tote acolchado',
  'Printed silk scarf': 'Pañuelo de seda estampado',
  'Woven leather belt': 'Cinturón de piel trenzada',
  'Wool felt hat': 'Sombrero de fieltro de lana',
  'Tortoiseshell sunglasses': 'Gafas de sol de carey',
  'Cashmere scarf': 'Bufanda de cachemir',
  'Oxford button-down shirt': 'Camisa Oxford con cuello abotonado',
  'Linen camp-collar shirt': 'Camisa de lino con cuello camp',
  'Flannel overshirt': 'Sobrecamisa de franela',
  'Chambray shirt': 'Camisa de chambray',
  'Heavyweight pocket T-shirt': 'Camiseta gruesa con bolsillo',
  'Striped Breton top': 'Camiseta marinera de rayas',
  'Piqué polo shirt': 'Polo de piqué',
  'Lambswool V-neck jumper': 'Jersey de cuello de pico de lana de cordero',
  'Chunky roll-neck jumper': 'Jersey grueso de cuello vuelto',
  'Zip-neck sweatshirt': 'Sudadera con cuello de cremallera',
  'Wool overcoat': 'Abrigo de lana',
  'Waxed field coat': 'Chaqueta de campo encerada',
  'Denim trucker jacket': 'Cazadora vaquera',
  'Harrington jacket': 'Chaqueta Harrington',
  'Suede bomber jacket': 'Cazadora bomber de ante',
  'Pleated chinos': 'Chinos con pinzas',
  'Corduroy trousers': 'Pantalón de pana',
  'Tailored wool trousers': 'Pantalón sastre de lana',
  'Selvedge slim jeans': 'Vaqueros slim selvedge',
  'Relaxed tapered jeans': 'Vaqueros holgados de pernera estrecha',
  'Roll-top backpack': 'Mochila con cierre enrollable',
  'Leather weekender': 'Bolsa de viaje de piel',
  'Canvas tote': 'Bolso tote de lona',
  'Suede belt': 'Cinturón de ante',
  'Baseball cap': 'Gorra de béisbol',
  'Lambswool scarf': 'Bufanda de lana de cordero',
  'Acetate sunglasses': 'Gafas de sol de acetato',
  'Knitted beanie': 'Gorro de punto',
  'Canvas webbing belt': 'Cinturón de cincha de lona',
  'Single-breasted blazer': 'Blazer de botonadura sencilla',
  'Double-breasted linen blazer': 'Blazer cruzado de lino',
  'Wool flannel blazer': 'Blazer de franela de lana',
};

/** What each kind of product is for, in Spanish (the description's middle sentence). */
const USE_ES: Record<string, string> = {
  dress: 'Un vestido cómodo que pasa del día a día a una cena fuera.',
  blouse: 'Una prenda suave que queda bien por dentro o por fuera.',
  skirt: 'Cortada para moverse bien y quedar cómoda en la cintura.',
  knit: 'Un punto cálido que mantiene la forma lavado tras lavado.',
  coat: 'Una prenda de abrigo duradera, de corte amplio para llevar sobre el punto.',
  jacket: 'Una capa ligera para el entretiempo.',
  trousers: 'Un corte limpio con un tiro cómodo.',
  jeans: 'Denim rígido que se suaviza y toma tu forma con el uso.',
  tshirt: 'Un básico de cada día en algodón denso.',
  shirt: 'Una camisa que se ve cuidada y se siente relajada.',
  tote: 'Con espacio para un portátil y lo esencial del día.',
  bag: 'Del tamaño de lo esencial, con correa ajustable.',
  backpack: 'Tirantes acolchados y funda para portátil, para el día a día.',
  scarf: 'Un toque final que suaviza cualquier conjunto.',
  belt: 'Herrajes sólidos y una correa que envejece con belleza.',
  hat: 'Con una forma que sienta bien y se mantiene.',
  cap: 'Cierre ajustable detrás, talla única para casi todos.',
  sunglasses: 'Lentes UV400 en una montura clásica, con su funda.',
  blazer: 'De sastrería suave, para la oficina o un fin de semana fuera.',
};

/** The Spanish description of a product; null when its title has no Spanish one. */
export function describeEs(product: ProductSeed): string | null {
  const title = TITLES_ES[product.title];
  if (!title) return null;
  return `${title}. ${USE_ES[product.kind] ?? ''} De las colecciones de la propia marca, ahora en busca de un segundo dueño.`;
}
