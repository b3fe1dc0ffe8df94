import { testApp } from './test/app';

// Every integer a request may carry (path, query, headers, body) has a maximum the
// database can hold, so 2147483648 is a 422, never a 500 from PostgreSQL's int4.

const INT4_MAX = 2_147_483_647;
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp({ API_DOCS: 'true' });
});
afterAll(() => ctx.close());

type Schema = { type?: string | string[]; maximum?: number; exclusiveMaximum?: number; properties?: Record<string, Schema>; items?: Schema | Schema[]; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; additionalProperties?: Schema | boolean; $ref?: string };
type Operation = { parameters?: { name: string; in: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

/** The places in `schema` where an integer has no maximum, or one above int4's. */
function unbounded(schema: Schema | undefined, where: string, components: Record<string, Schema>, seen = new Set<Schema>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  if (schema.$ref) return unbounded(components[schema.$ref.split('/').pop()!], where, components, seen);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const found: string[] = [];
  if (types.includes('integer')) {
    const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - 1);
    if (max === undefined || max > INT4_MAX) found.push(where);
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) found.push(...unbounded(child, `${where}.${name}`, components, seen));
  for (const child of [schema.items ?? []].flat()) found.push(...unbounded(child, `${where}[]`, components, seen));
  for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) found.push(...unbounded(child, where, components, seen));
  if (typeof schema.additionalProperties === 'object') found.push(...unbounded(schema.additionalProperties, `${where}.*`, components, seen));
  return found;
}

describe('request schemas', () => {
  it('bound every integer of every route (path, query, headers and body)', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } }>();
    const components = doc.components?.schemas ?? {};
    const found: string[] = [];
    let integers = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const call = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) {
          if (JSON.stringify(parameter.schema ?? {}).includes('integer')) integers++;
          found.push(...unbounded(parameter.schema, `${call} ${parameter.in}:${parameter.name}`, components));
        }
        for (const content of Object.values(operation.requestBody?.content ?? {})) {
          if (JSON.stringify(content.schema ?? {}).includes('integer')) integers++;
          found.push(...unbounded(content.schema, `${call} body`, components));
        }
      }
    }
    expect(integers).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });

  it('answer 2147483648 as a product_child_id with 422, not 500', async () => {
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/customers/signin',
      payload: { first_name: 'Rita', last_name: 'Lopes', EmailAddress: 'bounds@example.com', password: 'Secret#123', cart: [], id_brand: 1 },
    });
    const token = signup.json<{ Customer: { token: string } }>().Customer.token;
    const body = { product_child_id: 2147483648, condition_id: 2, comment: '', photos: ['/api/photos/0123456789abcdef0123456789abcdef.webp', '/api/photos/0123456789abcdef0123456789abcdee.webp'], price: 40, min_price: 30, smart_pricing: false };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/seller/listings', headers: { authorization: `Bearer ${token}` }, payload: body });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields[0].field).toBe('product_child_id');
  });
});
