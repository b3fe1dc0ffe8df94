// Where a delivery address roughly is, from its postcode alone (pickup points were sorted
// from Lisbon's centre, so a Porto buyer saw Lisbon kiosks "0.8 km" away first). No geocoding service
// is called: ordering points by distance needs a town, not a door.
//
// Portugal: the CTT postcode's first two digits (1000-001 → "10") name a postal area; each maps to
// the main town of that area. Spain: a código postal's first two digits are the province's INE number
// (01 Álava … 52 Melilla); each maps to the province's capital. The coordinates are the towns'
// centres as published in public gazetteers (Wikipedia/GeoNames), to two decimals: about ±1 km for the
// town, and a buyer is at most a few tens of kilometres from it — enough to put Porto's points
// first for a Porto address. A postcode outside the table answers null (the caller's default).

type Point = readonly [lat: number, lng: number];

/** Portugal: CTT postal area (the first two digits) → the area's main town. */
const PT: Readonly<Record<string, Point>> = {
  ...Object.fromEntries(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19'].map((area) => [area, [38.72, -9.14] as Point])), // Lisboa
  '20': [39.24, -8.68], // Santarém
  '21': [39.01, -8.79], // Coruche, Salvaterra de Magos
  '22': [39.46, -8.2], // Abrantes
  '23': [39.6, -8.41], // Tomar
  '24': [39.74, -8.81], // Leiria
  '25': [39.4, -9.13], // Caldas da Rainha
  '26': [38.9, -9.04], // Loures, Vila Franca de Xira
  '27': [38.75, -9.25], // Amadora, Sintra, Cascais, Oeiras
  '28': [38.66, -9.12], // Almada, Seixal
  '29': [38.52, -8.89], // Setúbal
  '30': [40.21, -8.43], // Coimbra
  '31': [39.92, -8.63], // Pombal
  '32': [40.11, -8.24], // Lousã
  '33': [40.18, -8.11], // Arganil
  '34': [40.36, -7.86], // Oliveira do Hospital
  '35': [40.66, -7.91], // Viseu
  '36': [40.9, -7.93], // Castro Daire
  '37': [40.9, -8.49], // São João da Madeira, Oliveira de Azeméis
  '38': [40.64, -8.65], // Aveiro
  '40': [41.15, -8.61], // Porto
  '41': [41.15, -8.61], // Porto
  '42': [41.17, -8.6], // Porto
  '43': [41.16, -8.57], // Porto
  '44': [41.13, -8.62], // Vila Nova de Gaia, Matosinhos
  '45': [41.01, -8.64], // Espinho, Santa Maria da Feira
  '46': [41.27, -8.08], // Amarante
  '47': [41.55, -8.42], // Braga
  '48': [41.44, -8.29], // Guimarães
  '49': [41.69, -8.83], // Viana do Castelo
  '50': [41.3, -7.74], // Vila Real
  '51': [41.1, -7.81], // Lamego
  '52': [41.48, -7.18], // Mirandela
  '53': [41.81, -6.76], // Bragança
  '54': [41.74, -7.47], // Chaves
  '60': [39.82, -7.49], // Castelo Branco
  '61': [39.8, -8.1], // Sertã
  '62': [40.28, -7.5], // Covilhã
  '63': [40.54, -7.27], // Guarda
  '64': [40.77, -7.07], // Pinhel
  '70': [38.57, -7.91], // Évora
  '71': [38.84, -7.59], // Estremoz
  '72': [38.42, -7.53], // Reguengos de Monsaraz
  '73': [39.29, -7.43], // Portalegre
  '74': [39.25, -8.01], // Ponte de Sor
  '75': [38.02, -8.69], // Santiago do Cacém
  '76': [37.7, -8.1], // Castro Verde
  '77': [37.65, -7.66], // Mértola
  '78': [38.01, -7.86], // Beja
  '79': [38.06, -8.11], // Ferreira do Alentejo
  '80': [37.02, -7.93], // Faro
  '81': [37.14, -8.02], // Loulé
  '82': [37.09, -8.25], // Albufeira
  '83': [37.19, -8.44], // Silves
  '84': [37.13, -8.45], // Lagoa
  '85': [37.14, -8.54], // Portimão
  '86': [37.1, -8.67], // Lagos
  '87': [37.03, -7.84], // Olhão
  '88': [37.13, -7.65], // Tavira
  '89': [37.19, -7.42], // Vila Real de Santo António
  '90': [32.65, -16.91], // Funchal
  '91': [32.65, -16.91], // Funchal
  '92': [32.7, -17.0], // Madeira
  '93': [32.75, -17.1], // Madeira
  '94': [33.06, -16.34], // Porto Santo
  '95': [37.74, -25.67], // Ponta Delgada
  '96': [37.82, -25.52], // Ribeira Grande
  '97': [38.65, -27.22], // Angra do Heroísmo
  '98': [38.68, -28.2], // Velas
  '99': [38.53, -28.63], // Horta
};

/** Spain: province (INE number, the código postal's first two digits) → the province's capital. */
const ES: Readonly<Record<string, Point>> = {
  '01': [42.85, -2.67], // Vitoria-Gasteiz
  '02': [38.99, -1.86], // Albacete
  '03': [38.35, -0.48], // Alicante
  '04': [36.84, -2.46], // Almería
  '05': [40.66, -4.7], // Ávila
  '06': [38.88, -6.97], // Badajoz
  '07': [39.57, 2.65], // Palma
  '08': [41.39, 2.17], // Barcelona
  '09': [42.34, -3.7], // Burgos
  '10': [39.47, -6.37], // Cáceres
  '11': [36.53, -6.29], // Cádiz
  '12': [39.99, -0.05], // Castellón de la Plana
  '13': [38.99, -3.93], // Ciudad Real
  '14': [37.89, -4.78], // Córdoba
  '15': [43.36, -8.41], // A Coruña
  '16': [40.07, -2.14], // Cuenca
  '17': [41.98, 2.82], // Girona
  '18': [37.18, -3.6], // Granada
  '19': [40.63, -3.17], // Guadalajara
  '20': [43.32, -1.98], // Donostia-San Sebastián
  '21': [37.26, -6.95], // Huelva
  '22': [42.14, -0.41], // Huesca
  '23': [37.77, -3.79], // Jaén
  '24': [42.6, -5.57], // León
  '25': [41.62, 0.62], // Lleida
  '26': [42.47, -2.45], // Logroño
  '27': [43.01, -7.56], // Lugo
  '28': [40.42, -3.7], // Madrid
  '29': [36.72, -4.42], // Málaga
  '30': [37.99, -1.13], // Murcia
  '31': [42.81, -1.65], // Pamplona
  '32': [42.34, -7.86], // Ourense
  '33': [43.36, -5.85], // Oviedo
  '34': [42.01, -4.53], // Palencia
  '35': [28.12, -15.43], // Las Palmas de Gran Canaria
  '36': [42.43, -8.64], // Pontevedra
  '37': [40.97, -5.66], // Salamanca
  '38': [28.46, -16.25], // Santa Cruz de Tenerife
  '39': [43.46, -3.81], // Santander
  '40': [40.95, -4.12], // Segovia
  '41': [37.39, -5.98], // Sevilla
  '42': [41.76, -2.47], // Soria
  '43': [41.12, 1.25], // Tarragona
  '44': [40.34, -1.11], // Teruel
  '45': [39.86, -4.03], // Toledo
  '46': [39.47, -0.38], // Valencia
  '47': [41.65, -4.72], // Valladolid
  '48': [43.26, -2.93], // Bilbao
  '49': [41.5, -5.75], // Zamora
  '50': [41.65, -0.89], // Zaragoza
  '51': [35.89, -5.32], // Ceuta
  '52': [35.29, -2.94], // Melilla
};

/** Roughly where a postcode of Portugal or Spain is; null for another country or an unknown area. */
export function postcodeArea(country: string, zipCode: string): { lat: number; lng: number } | null {
  const digits = zipCode.replace(/\D/g, '');
  const table = country.toUpperCase() === 'PT' ? PT : country.toUpperCase() === 'ES' ? ES : null;
  const point = table && digits.length >= 4 ? table[digits.slice(0, 2)] : undefined;
  return point ? { lat: point[0], lng: point[1] } : null;
}

/** A country's capital (Lisbon, Madrid): where its pickup points are sorted from without a known postcode. */
export function countryCentre(country: string): { lat: number; lng: number } | null {
  const code = country.toUpperCase();
  return code === 'PT' ? { lat: 38.7071, lng: -9.13549 } : code === 'ES' ? { lat: 40.4168, lng: -3.7038 } : null;
}
