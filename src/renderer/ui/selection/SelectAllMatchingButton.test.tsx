import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { Banner } from '../banner';
import { SelectAllMatchingButton } from './SelectAllMatchingButton';

function setup(selectAll: () => Promise<void>, matching = 42) {
  render(
    <Provider store={createStore()}>
      <Banner />
      <SelectAllMatchingButton matching={matching} noun="products" selectAll={selectAll} />
    </Provider>,
  );
  return screen.getByRole('button', { name: `Select all ${matching} matching` });
}

describe('select all N matching', () => {
  it('is busy while the ids load, then ready again', async () => {
    let finish = () => {};
    const button = setup(() => new Promise<void>((done) => { finish = done; }));
    fireEvent.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in the banner why the selection could not be made', async () => {
    const button = setup(() => Promise.reject(new Error('the server did not answer')));
    await act(async () => fireEvent.click(button));
    expect(screen.getByRole('alert').textContent).toContain('Could not select all 42 matching products: the server did not answer');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('cannot be pressed when nothing matches', () => {
    expect((setup(() => Promise.resolve(), 0) as HTMLButtonElement).disabled).toBe(true);
  });
});
