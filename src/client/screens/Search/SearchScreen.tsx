import { LeiaBrowser } from './LeiaBrowser';

const SCOPE = { kind: 'all' } as const;

/** Search (route /): every LEIA the user may see. */
export function SearchScreen() {
  return (
    <LeiaBrowser title="Search" description="Discover and test existing LEIA configurations" scope={SCOPE} />
  );
}

export default SearchScreen;
