import { describe, expect, it } from 'vitest';
import { DICTIONARY_MAX, ValueDictionary } from './value-dictionary.js';

describe('a field’s dictionary', () => {
  it('gives each distinct value one code, in a byte while it has 256 values at most', () => {
    const dictionary = new ValueDictionary();
    const codes = dictionary.encode(['active', 'churned', 'active', null, 3, true]);
    expect(codes).toBeInstanceOf(Uint8Array);
    expect([...(codes ?? [])]).toEqual([0, 1, 0, 2, 3, 4]);
    expect(dictionary.values).toEqual(['active', 'churned', null, 3, true]);
    expect(dictionary.codeOf('churned')).toBe(1);
    expect(dictionary.codeOf('3')).toBeUndefined();
  });

  it('uses two bytes a code past 256 values', () => {
    const dictionary = new ValueDictionary();
    const values = Array.from({ length: 300 }, (_, index) => `city ${index}`);
    const codes = dictionary.encode(values);
    expect(codes).toBeInstanceOf(Uint16Array);
    expect(dictionary.values[codes?.[299] ?? 0]).toBe('city 299');
  });

  it('closes once large when most of a block is new to it (an id a row), and codes nothing new after', () => {
    const dictionary = new ValueDictionary();
    expect(dictionary.encode(Array.from({ length: 5_000 }, (_, index) => `id-${index}`))).toBeDefined();
    expect(dictionary.encode(['id-1', 'id-2'])).toBeDefined();
    expect(dictionary.encode(['id-new'])).toBeUndefined();
    expect(dictionary.codeOf('id-new')).toBeUndefined();
  });

  it('stays open for the schema’s coded fields, up to its bound, and adds nothing past it', () => {
    const dictionary = new ValueDictionary(true);
    expect(dictionary.encode(Array.from({ length: 5_000 }, (_, index) => index))).toBeDefined();
    expect(dictionary.encode([5_001])).toBeDefined();
    const past = Array.from({ length: DICTIONARY_MAX }, (_, index) => -index - 1);
    expect(dictionary.encode(past)).toBeUndefined();
    expect(dictionary.size).toBe(5_001);
  });

  it('comes back from its dump with the same codes, closed as it was', () => {
    const dictionary = new ValueDictionary();
    dictionary.encode(Array.from({ length: 5_000 }, (_, index) => `id-${index}`));
    const restored = ValueDictionary.restore(dictionary.dump());
    expect(restored.codeOf('id-4321')).toBe(dictionary.codeOf('id-4321'));
    expect(restored.encode(['id-new'])).toBeUndefined();
  });
});
