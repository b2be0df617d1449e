import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { Banner } from '../banner';
import { CsvDownloadButton } from './CsvDownloadButton';

describe('CsvDownloadButton', () => {
  it('says the CSV is being prepared, then only where it was saved', async () => {
    let finish: (value: { rows: number; path: string; bytes: number }) => void = () => undefined;
    const saved = new Promise<{ rows: number; path: string; bytes: number }>((resolve) => (finish = resolve));
    render(
      <Provider>
        <Banner />
        <CsvDownloadButton what="creators" count={12} save={() => saved} />
      </Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Preparing the CSV of 12 creators…')).toBeTruthy();
    finish({ rows: 12, path: '/tmp/creators.csv', bytes: 900 });
    expect(await screen.findByText('Saved 12 creators to /tmp/creators.csv')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Preparing the CSV of 12 creators…')).toBeNull());
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
