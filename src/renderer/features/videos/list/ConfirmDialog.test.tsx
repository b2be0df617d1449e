import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from '../../../ui/dialog';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('confirm dialog', () => {
  it('asks, disables Yes while busy, shows the success message and reports done on close', async () => {
    const work = deferred<string>();
    const onClose = vi.fn();
    render(<ConfirmDialog title="Move to trash" question="Move 2 videos to the trash?" onConfirm={() => work.promise} onClose={onClose} />);
    expect(screen.getByRole('alertdialog', { name: 'Move to trash' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No' }));

    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect((screen.getByRole('button', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'No' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => work.resolve('2 videos moved to trash'));
    expect(screen.getByRole('status').textContent).toBe('2 videos moved to trash');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('goes back to the question with what failed, and No closes without success', async () => {
    const onClose = vi.fn();
    render(
      <ConfirmDialog title="Restore videos" question="Restore 1 video?" onConfirm={() => Promise.reject(new Error('Restore failed: Not found'))} onClose={onClose} />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Restore failed: Not found');
    expect((screen.getByRole('button', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('works as a plain Yes/No confirm when the work answers no message', async () => {
    const onClose = vi.fn();
    render(<ConfirmDialog title="Leave?" question="Leave this page?" onConfirm={() => Promise.resolve()} onClose={onClose} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    });
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('keeps Tab inside the dialog', () => {
    render(<ConfirmDialog title="Unflag videos" question="Unflag 1 video?" onConfirm={() => Promise.resolve('done')} onClose={() => undefined} />);
    const yes = screen.getByRole('button', { name: 'Yes' });
    yes.focus();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No' }));
  });
});
