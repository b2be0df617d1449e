import { PAGE_SIZES } from '../../../shared/constants';

/** "Per page" of a list toolbar: the page sizes of spec §9. */
export function PerPageSelect({ value, onChange, className = 'toolbar-field' }: { value: number; onChange: (perPage: number) => void; className?: string }) {
  return (
    <label className={className}>
      <span>Per page</span>
      <select className="select" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {PAGE_SIZES.map((size) => <option key={size} value={size}>{size}</option>)}
      </select>
    </label>
  );
}
