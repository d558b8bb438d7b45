import type { components } from '../../generated/orders/types.js';
import type { OrdersClient } from './app.js';

type S = components['schemas'];
let n = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid.toString(36)}-${(++n).toString(36)}`;

export const storeBody = (over: Partial<S['StoreCreate']> = {}): S['StoreCreate'] => ({
  source_id: unique('shop'),
  name: 'Example Shop',
  currency: 'EUR',
  ...over,
});

export const openingHours = (): S['OpeningHours'] => ({
  sunday: { open: false },
  monday: { open: true, from: '09:00', to: '18:00' },
  tuesday: { open: true, from: '09:00', to: '18:00' },
  wednesday: { open: true, from: '09:00', to: '18:00' },
  thursday: { open: true, from: '09:00', to: '20:00' },
  friday: { open: true, from: '09:00', to: '18:00' },
  saturday: { open: true, from: '10:00', to: '14:00' },
});

export const locationBody = (over: Partial<S['LocationCreate']> = {}): S['LocationCreate'] => ({
  source_id: unique('loc'),
  name: 'Berlin Mitte',
  address: {
    type: 'business',
    street_1: 'Torstraße 1',
    city: 'Berlin',
    state: 'Berlin',
    postal_code: '10119',
    country_region: 'DEU',
    coordinate: { latitude: 52.5294, longitude: 13.4011 },
  },
  opening_hours: openingHours(),
  ...over,
});

export const orderBody = (over: Partial<S['OrderCreate']> = {}): S['OrderCreate'] => ({
  source_id: unique('o'),
  number: '#1001',
  currency: 'EUR',
  status: 'open',
  order_total: '47.00',
  items: [
    {
      source_id: 'li-1',
      sku: 'TSHIRT-M',
      quantity: 2,
      unit_price: { currency: 'EUR', amount: '19.90' },
      discount: '3.00',
    },
    { source_id: 'li-2', sku: 'MUG', quantity: 1, unit_price: { currency: 'EUR', amount: '9.90' }, discount: '0.50' },
    { source_id: 'li-3', sku: 'CAP', quantity: 1, unit_price: { currency: 'EUR', amount: '12.00' } },
  ],
  discount_total: '3.50',
  delivery_method: 'shipping',
  ...over,
});

export const productBody = (over: Partial<S['ProductCreate']> = {}): S['ProductCreate'] => ({
  source_id: unique('p'),
  title: 'Power Mobile Phone',
  image_urls: ['https://example.com/images/phone.png'],
  variants: [
    {
      source_id: 'v-black',
      sku: 'PHONE-BLACK',
      title: 'Black',
      price: '10',
      options: [{ name: 'Color', value: 'Black' }],
    },
    { source_id: 'v-white', sku: 'PHONE-WHITE', title: 'White', price: '10.50', available_quantity: 3 },
  ],
  ...over,
});

export async function createStore(client: OrdersClient, over: Partial<S['StoreCreate']> = {}) {
  const res = await client.POST('/stores', { body: storeBody(over) });
  if (res.response.status !== 201 || !res.data)
    throw new Error(`createStore: ${res.response.status} ${JSON.stringify(res.error)}`);
  return res.data.data;
}

export async function createLocation(client: OrdersClient, storeId: string, over: Partial<S['LocationCreate']> = {}) {
  const res = await client.POST('/locations', {
    params: { header: { 'svc-store-id': storeId } },
    body: locationBody(over),
  });
  if (res.response.status !== 201 || !res.data)
    throw new Error(`createLocation: ${res.response.status} ${JSON.stringify(res.error)}`);
  return res.data.data;
}

export async function createOrder(client: OrdersClient, storeId: string, over: Partial<S['OrderCreate']> = {}) {
  const res = await client.POST('/orders', { params: { header: { 'svc-store-id': storeId } }, body: orderBody(over) });
  if (res.response.status !== 201 || !res.data)
    throw new Error(`createOrder: ${res.response.status} ${JSON.stringify(res.error)}`);
  return res.data.data;
}

/**
 * An order of about `kb` KB, legal under the 1 MiB body limit: items with long image URLs (the
 * size of order that issue 15's memory audit used). For the list-memory test and `npm run bench -- --memory`.
 */
export function largeOrderBody(i: number, kb: number) {
  const url = `https://img.example/${'x'.repeat(1990)}`;
  const perItem = 20 * 2000;
  const items = Array.from({ length: Math.ceil((kb * 1024) / perItem) }, (_, j) => ({
    source_id: `S${j}`,
    sku: `S${j}`,
    quantity: 1,
    image_urls: Array<string>(20).fill(url),
  }));
  return {
    source_id: `big-${i}`,
    number: String(i),
    currency: 'EUR',
    status: 'open',
    order_total: '1.00',
    items,
    delivery_method: 'shipping',
  };
}

export async function createProduct(client: OrdersClient, storeId: string, over: Partial<S['ProductCreate']> = {}) {
  const res = await client.POST('/products', {
    params: { header: { 'svc-store-id': storeId } },
    body: productBody(over),
  });
  if (res.response.status !== 201 || !res.data)
    throw new Error(`createProduct: ${res.response.status} ${JSON.stringify(res.error)}`);
  return res.data.data;
}
