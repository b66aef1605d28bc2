import { describe, expect, it } from 'vitest';
import { connectionNamed } from './link-target';

// The connection a link names: a saved one by its name, the Demo by its own, nothing else.

describe('connectionNamed', () => {
  const profiles = [
    { id: 'p-1', name: 'Prod' },
    { id: 'p-2', name: 'Staging' },
  ];
  it('finds a saved connection by its exact name, and the Demo by its own', () => {
    expect(connectionNamed('Prod', profiles)).toBe('p-1');
    expect(connectionNamed('Demo', profiles)).toBe('demo');
    expect(connectionNamed('Demo', [{ id: 'p-3', name: 'Demo' }])).toBe('p-3');
  });
  it('finds none for another name, whatever it looks like', () => {
    for (const name of ['prod', 'Prod ', 'p-1', 'demo', 'Unknown', '__proto__'])
      expect(connectionNamed(name, profiles)).toBeUndefined();
  });
});
