import { describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { ListCount } from './ListCount';

function shown(count: number, singular: string, plural?: string) {
  const { container } = render(<p><ListCount count={count} singular={singular} plural={plural} testId="count" /></p>);
  const seen = { text: container.textContent, figure: container.querySelector('[data-testid="count"]')?.textContent };
  cleanup();
  return seen;
}

describe('a list screen count', () => {
  it('says "1 creator" for one row and "0 creators" / "2,345 creators" otherwise', () => {
    expect(shown(1, 'creator').text).toBe('1 creator');
    expect(shown(0, 'creator').text).toBe('0 creators');
    expect(shown(2345, 'creator')).toEqual({ text: '2,345 creators', figure: '2,345' });
  });

  it('takes an irregular plural', () => {
    expect(shown(1, 'match', 'matches').text).toBe('1 match');
    expect(shown(3, 'match', 'matches').text).toBe('3 matches');
  });
});
