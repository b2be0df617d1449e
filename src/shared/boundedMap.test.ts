import { describe, expect, it } from 'vitest';
import { BoundedMap } from './boundedMap';

describe('BoundedMap', () => {
  it('drops the oldest key set once full, and keeps every key while a known one is set again', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3);
    expect([...map]).toEqual([['a', 3], ['b', 2]]);
    map.set('c', 4);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });
});
