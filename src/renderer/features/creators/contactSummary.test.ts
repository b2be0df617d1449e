import { describe, expect, it } from 'vitest';
import { contactSummary } from './contactSummary';

const row = (status: 'sent' | 'queued' | 'skipped_invalid_email' | 'failed', id: string) => ({
  influencer_id: id, email: `${id}@example.com`, status, error: status === 'failed' ? 'refused' : null,
});

describe('contact creators summary', () => {
  it('says where the mails went and why, in one sentence', () => {
    expect(contactSummary([row('queued', 'a'), row('queued', 'b')], 'outbox')).toBe('2 emails wait in the outbox because no mail server is set up.');
    expect(contactSummary([row('queued', 'a'), row('skipped_invalid_email', 'b')], 'outbox'))
      .toBe('1 email waits in the outbox because no mail server is set up and 1 creator skipped for lack of a valid email.');
  });

  it('counts refusals and skips next to what was sent', () => {
    expect(contactSummary([row('sent', 'a'), row('failed', 'b'), row('skipped_invalid_email', 'c'), row('skipped_invalid_email', 'd')], 'smtp'))
      .toBe('1 email sent, 1 email refused by the mail server and 2 creators skipped for lack of a valid email.');
    expect(contactSummary([row('failed', 'a')], 'smtp')).toBe('1 email refused by the mail server.');
    expect(contactSummary([], 'smtp')).toBe('0 emails sent.');
  });
});
