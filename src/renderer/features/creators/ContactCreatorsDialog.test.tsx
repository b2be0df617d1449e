import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { AxiosInstance } from 'axios';
import type { AppServices } from '../../app/services';
import { servicesAtom } from '../../app/boot/boot.atoms';
import { sessionAtom } from '../../app/session/session.atoms';
import type { Session } from '../../../shared/domain/session';
import { ContactCreatorsDialog } from './ContactCreatorsDialog';

const CAMPAIGN = {
  _id: 'c1', brand_id: 'b1', brand_manager_id: 'u1', subject: 'Spring launch', body: 'Hi', recipients: [], status: 'draft', sent_at: null, created_at: '2026-01-01',
};

/** A main-service client double that records calls and answers from a table (or rejects like axios on an error body). */
function fakeMain(answers: Record<string, unknown>) {
  const calls: { method: string; url: string; data?: unknown; params?: unknown }[] = [];
  const answer = (method: string, url: string) => {
    const value = answers[`${method} ${url}`];
    if (value instanceof Error) return Promise.reject(value);
    return Promise.resolve({ data: value, status: 200 });
  };
  const main = {
    get: (url: string, config?: { params?: unknown }) => (calls.push({ method: 'GET', url, params: config?.params }), answer('GET', url)),
    post: (url: string, data: unknown) => (calls.push({ method: 'POST', url, data }), answer('POST', url)),
  } as unknown as AxiosInstance;
  return { main, calls };
}

function renderDialog(main: AxiosInstance) {
  const store = createStore();
  store.set(servicesAtom, { api: { main } } as unknown as AppServices);
  store.set(sessionAtom, { currentBrand: { _id: 'b1' }, currentUser: { _id: 'u1' } } as unknown as Session);
  const creators = [
    { _id: 'i1', name: 'Ana', email: 'ana@example.com', valid_email: true },
    { _id: 'i2', name: 'Bo', email: 'nope', valid_email: false },
  ];
  render(
    <Provider store={store}>
      <ContactCreatorsDialog creators={creators} onClose={() => undefined} />
    </Provider>,
  );
}

describe('contact creators dialog', () => {
  it("lists the manager's campaigns, sends the chosen one to the selection and shows each recipient's status", async () => {
    const { main, calls } = fakeMain({
      'GET /mail_campaigns': { mail_campaigns: [CAMPAIGN] },
      'POST /mail_campaigns/send_mail': {
        message: 'Sent to 1 creator.', transport: 'outbox',
        results: [
          { influencer_id: 'i1', email: 'ana@example.com', status: 'queued', error: null },
          { influencer_id: 'i2', email: 'nope', status: 'skipped_invalid_email', error: null },
        ],
      },
    });
    renderDialog(main);
    expect(screen.getByText(/2 selected; 1 with a valid email/)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Mail campaign' }) as HTMLSelectElement).value).toBe('c1'));
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/mail_campaigns', params: { brand_id: 'b1', user_id: 'u1', brand_manager_id: 'u1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 1 creator' }));
    await screen.findByText('1 email waits in the outbox because no mail server is set up and 1 creator skipped for lack of a valid email.');
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/mail_campaigns/send_mail', data: { campaign_id: 'c1', influencer_ids: ['i1', 'i2'] } });
    expect(screen.getAllByTestId('contact-result').map((item) => item.getAttribute('data-status'))).toEqual(['queued', 'skipped_invalid_email']);
    expect(screen.getByText(/Skipped: no valid email/)).toBeTruthy();
    expect(screen.getAllByText(/Ana/)).toHaveLength(1);
  });

  it('shows the error when the campaigns cannot be loaded or sending fails (nothing is swallowed)', async () => {
    const { main } = fakeMain({
      'GET /mail_campaigns': new Error('campaigns are down'),
      'POST /mail_campaigns': { mail_campaign: { ...CAMPAIGN, _id: 'c2', subject: 'New' } },
      'POST /mail_campaigns/send_mail': new Error('SMTP refused'),
    });
    renderDialog(main);
    expect((await screen.findByRole('alert')).textContent).toContain('campaigns are down');
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'New' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 1 creator' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('SMTP refused'));
  });
});
