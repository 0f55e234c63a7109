import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { ISLANDS, type IslandName } from '../../src/components/islands';
import { Island } from '../../src/components/Island';

// The files the browser can hydrate: client/lib/islands.tsx finds an island's code with the same glob.
const files = import.meta.glob<{ default: ComponentType<never> }>('../../client/islands/*.tsx');
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.tsx'.length);

describe('the island registry', () => {
  it('has one entry per file of client/islands/ and no other', () => {
    expect(Object.keys(ISLANDS).sort()).toEqual(Object.keys(files).map(nameOf).sort());
  });

  it('renders under each name the component that the browser hydrates from that file', async () => {
    for (const [path, load] of Object.entries(files)) {
      const name = nameOf(path) as IslandName;
      expect((await load()).default, name).toBe(ISLANDS[name]);
    }
  });

  it('takes only its own names and each island’s own props (checked by tsc)', () => {
    // @ts-expect-error: not an island
    const unknown = <Island of="NoSuchIsland" props={{}} />;
    // @ts-expect-error: BuyButton has no `action` prop
    const wrongProps = <Island of="BuyButton" props={{ action: '/buy' }} />;
    expect([unknown.props.of, wrongProps.props.of]).toEqual(['NoSuchIsland', 'BuyButton']);
  });
});
