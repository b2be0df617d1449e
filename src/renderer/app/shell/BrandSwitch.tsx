import { useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { sessionAtom } from '../session/session.atoms';
import { switchBrand } from '../session/sessionActions';

/** Dropdown of the session's brands; choosing one switches the session to it (PUT /jwt_api/session). */
export function BrandSwitch() {
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const [busy, setBusy] = useState(false);
  if (!session || session.brands.length === 0) return null;

  const onChange = async (brandId: string) => {
    const brand = session.brands.find((entry) => entry._id === brandId);
    if (!brand || brand._id === session.currentBrand?._id) return;
    setBusy(true);
    await switchBrand(store, brand);
    setBusy(false);
  };

  return (
    <label className="brand-switch">
      <span className="visually-hidden">Brand</span>
      <select
        className="select brand-switch__select"
        value={session.currentBrand?._id ?? ''}
        disabled={busy || session.brands.length < 2}
        onChange={(event) => void onChange(event.target.value)}
      >
        {session.brands.map((brand) => (
          <option key={brand._id} value={brand._id}>
            {brand.name}
          </option>
        ))}
      </select>
    </label>
  );
}
