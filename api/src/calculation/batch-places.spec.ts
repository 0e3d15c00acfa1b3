import { BatchPlaces } from './batch-places.js';

const LIMITS = { total: 4, anonymous: 2, perAddress: 1, perKey: 1 };

describe('the places for batches in one process', () => {
  it('gives one batch at a time to an address without a key, and to a key', () => {
    const places = new BatchPlaces(LIMITS);
    const first = places.take({ address: '203.0.113.5' });
    expect(typeof first).toBe('object');
    expect(places.take({ address: '203.0.113.5' })).toBe('own-batch-running');
    expect(typeof places.take({ keyId: 'k1' })).toBe('object');
    expect(places.take({ keyId: 'k1' })).toBe('own-batch-running');
    if (typeof first === 'object') first.release();
    expect(typeof places.take({ address: '203.0.113.5' })).toBe('object');
  });

  it('keeps places for key holders however many addresses ask without a key', () => {
    const places = new BatchPlaces(LIMITS);
    expect(typeof places.take({ address: 'a' })).toBe('object');
    expect(typeof places.take({ address: 'b' })).toBe('object');
    expect(places.take({ address: 'c' })).toBe('busy');
    expect(typeof places.take({ keyId: 'k1' })).toBe('object');
    expect(typeof places.take({ keyId: 'k2' })).toBe('object');
    expect(places.take({ keyId: 'k3' })).toBe('busy');
    expect(places.size).toBe(4);
  });

  it('gives a place back once, however often it is released', () => {
    const places = new BatchPlaces(LIMITS);
    const place = places.take({ address: 'a' });
    if (typeof place !== 'object') throw new Error('no place');
    place.release();
    place.release();
    expect(places.size).toBe(0);
    expect(typeof places.take({ address: 'b' })).toBe('object');
    expect(typeof places.take({ address: 'c' })).toBe('object');
    expect(places.take({ address: 'd' })).toBe('busy');
  });
});
