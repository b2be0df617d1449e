import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { toFailure } from '../../lib/httpFailure';
import { pushBannerAtom } from '../banner';

interface SelectAllMatchingButtonProps {
  /** How many rows the list query matches (the list's count, every page). */
  matching: number;
  /** What the rows are, plural ("videos", "products", "creators"): used in the failure message. */
  noun: string;
  /**
   * Asks the back end for every id matching the same query (GET /{kind}/get_{kind}_ids) and fills the selection with
   * them. A failure is told in the banner and the selection stays as it was.
   */
  selectAll: () => Promise<void>;
}

/** "Select all N matching" of a check mode: selects beyond the page shown, through the list's ids route. */
export function SelectAllMatchingButton({ matching, noun, selectAll }: SelectAllMatchingButtonProps) {
  const banner = useSetAtom(pushBannerAtom);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await selectAll();
    } catch (error) {
      banner(`Could not select all ${matching} matching ${noun}: ${toFailure(error).error}`, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--small" disabled={busy || matching === 0} aria-busy={busy} onClick={() => void run()}>
      Select all {matching} matching
    </button>
  );
}
