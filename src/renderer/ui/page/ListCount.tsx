import { nounForCount } from '../../../shared/rules/formatting';
import { formatNumber } from '../../lib/format';

interface ListCountProps {
  count: number;
  /** The noun for one row ("creator"); the plural is the noun with an s unless given. */
  singular: string;
  plural?: string;
  /** Names the figure alone, so a test reads the number without its noun. */
  testId: string;
  /** Shows the figure in bold (the products summary) rather than as plain text. */
  strong?: boolean;
}

/** A list screen's count, "1 creator" or "2,345 creators": every list says its count with the noun the number takes. */
export function ListCount({ count, singular, plural, testId, strong = false }: ListCountProps) {
  const Figure = strong ? 'strong' : 'span';
  return (
    <>
      <Figure data-testid={testId}>{formatNumber(count)}</Figure> {nounForCount(count, singular, plural)}
    </>
  );
}
