import { postcodeArea } from './postcode-areas';

// Pickup points are ordered from the delivery address, found by its postcode's area.
describe('postcodeArea', () => {
  const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
    const rad = Math.PI / 180;
    const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
    return 6371 * 2 * Math.asin(Math.sqrt(h));
  };

  it.each([
    ['PT', '4000-065', { lat: 41.1486, lng: -8.611 }, 'Porto, Aliados'],
    ['PT', '1100-200', { lat: 38.7139, lng: -9.1394 }, 'Lisboa, Rossio'],
    ['PT', '8000-283', { lat: 37.0165, lng: -7.9333 }, 'Faro'],
    ['PT', '4710-229', { lat: 41.5503, lng: -8.422 }, 'Braga'],
    ['ES', '28001', { lat: 40.4168, lng: -3.7038 }, 'Madrid, Sol'],
    ['ES', '08001', { lat: 41.3809, lng: 2.1734 }, 'Barcelona, Raval'],
    ['ES', '41001', { lat: 37.3891, lng: -5.9845 }, 'Sevilla'],
  ])('places %s %s within 15 km of %s', (country, zip, where) => {
    const area = postcodeArea(country, zip);
    expect(area).not.toBeNull();
    expect(km(area!, where)).toBeLessThan(15);
  });

  it('reads a code typed with spaces, dashes or lowercase country; answers null for other countries, short or unknown codes', () => {
    expect(postcodeArea('pt', '4000 065')).toEqual(postcodeArea('PT', '4000-065'));
    expect(postcodeArea('FR', '75001')).toBeNull();
    expect(postcodeArea('PT', '12')).toBeNull();
    expect(postcodeArea('PT', '0100-000')).toBeNull();
    expect(postcodeArea('ES', '99000')).toBeNull();
  });

  it('has an area for every Portuguese postcode prefix 10–99 except the unused 39, 55–59, 65–69 and every Spanish province 01–52', () => {
    const unused = new Set(['39', '55', '56', '57', '58', '59', '65', '66', '67', '68', '69']);
    for (let area = 10; area <= 99; area += 1) {
      if (!unused.has(String(area))) expect([area, postcodeArea('PT', `${area}00-000`)]).toEqual([area, expect.anything()]);
    }
    for (let province = 1; province <= 52; province += 1) expect(postcodeArea('ES', `${String(province).padStart(2, '0')}001`)).not.toBeNull();
  });
});
