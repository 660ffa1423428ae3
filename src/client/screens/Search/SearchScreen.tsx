import { LeiaBrowser } from './LeiaBrowser';
import { useTryAction } from './useTryAction';

const SCOPE = { kind: 'all' } as const;

/** Search (route /; spec section 2 "Search screen"): every LEIA the user may see. */
export function SearchScreen() {
  const tryAction = useTryAction();
  return (
    <LeiaBrowser
      title="Search"
      description="Discover and test existing LEIA configurations"
      scope={SCOPE}
      extraActions={tryAction}
    />
  );
}

export default SearchScreen;
