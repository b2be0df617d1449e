import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { AnalysisSettings as Settings } from '../../../shared/http/analysisSettings.schemas';
import { ANALYSIS_SETTINGS_MESSAGES, SPEECH_MODEL_BYTES } from '../../../shared/http/analysisSettings.schemas';
import { fakeClients, httpError } from '../../../../tests/component/support/analysisFakes';
import { AnalysisSettings } from './AnalysisSettings';

const SETTINGS: Settings = {
  speech_engine: 'local', speech_model: 'base', service: { configured: false, url_host: null }, model_state: 'missing', model_bytes: SPEECH_MODEL_BYTES.base, workers: 2,
};

function renderCard(answers: Parameters<typeof fakeClients>[0]) {
  const fake = fakeClients(answers);
  const view = render(<Provider store={fake.store}><AnalysisSettings /></Provider>);
  return { ...fake, view };
}

describe('Settings → Analysis (issue 41)', () => {
  it('says which engine transcribes, offers the service only when configured (and says why not), and the model with its size and state', async () => {
    renderCard({ 'GET /settings/analysis': SETTINGS });
    expect((await screen.findByTestId('engine-now')).textContent).toBe('Speech is transcribed on this computer with the base model; nothing leaves it.');
    const service = screen.getByRole('radio', { name: /Transcription service/ }) as HTMLInputElement;
    expect(service.disabled).toBe(true);
    expect(screen.getByText(ANALYSIS_SETTINGS_MESSAGES.serviceNotConfigured)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^On this computer/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('model-state-base').textContent).toBe('Will download on first use (142 MB)');
    // The other model's state is not known from these fields: its size alone.
    expect(screen.getByTestId('model-state-small').textContent).toBe('466 MB');
    expect((screen.getByRole('spinbutton', { name: 'Videos analysed at once' }) as HTMLInputElement).value).toBe('2');
  });

  it('shows each model as the back end lists it: Downloaded, partly downloaded', async () => {
    renderCard({ 'GET /settings/analysis': { ...SETTINGS, model_state: 'ready', models: [{ size: 'base', bytes: SPEECH_MODEL_BYTES.base, state: 'ready' }, { size: 'small', bytes: SPEECH_MODEL_BYTES.small, state: 'partial' }] } });
    expect((await screen.findByTestId('model-state-base')).textContent).toBe('Downloaded');
    expect(screen.getByTestId('model-state-small').textContent).toBe('Partly downloaded: the rest downloads on first use (466 MB)');
  });

  it('saves the choice: the configured service, the small model and 3 workers, and says what transcribes now', async () => {
    const configured = { ...SETTINGS, service: { configured: true, url_host: 'api.groq.com' } };
    const { calls } = renderCard({
      'GET /settings/analysis': configured,
      'PUT /settings/analysis': ({ data }: { data?: unknown }) => ({ ...configured, ...(data as object) }),
    });
    const service = (await screen.findByRole('radio', { name: 'Transcription service (api.groq.com)' })) as HTMLInputElement;
    expect(service.disabled).toBe(false);
    fireEvent.click(service);
    fireEvent.click(screen.getByRole('radio', { name: /^Small/ }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Videos analysed at once' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved. Speech is sent to the transcription service at api.groq.com.');
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/settings/analysis', data: { speech_engine: 'service', speech_model: 'small', workers: 3 } });
  });

  it('refuses a worker count outside 1..max before sending, and shows a refused save', async () => {
    const { calls } = renderCard({ 'GET /settings/analysis': { ...SETTINGS, max_workers: 2 }, 'PUT /settings/analysis': httpError(400, 'The workers must be between 1 and 2.') });
    const workers = await screen.findByRole('spinbutton', { name: 'Videos analysed at once' });
    fireEvent.change(workers, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a whole number from 1 to 2.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    fireEvent.change(workers, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The analysis settings could not be saved: The workers must be between 1 and 2.'));
  });

  it('stays away on a back end without analysis settings (404) and says a failed read with Try again', async () => {
    const absent = renderCard({});
    await waitFor(() => expect(absent.calls).toHaveLength(1));
    await waitFor(() => expect(absent.view.container.textContent).toBe(''));
    absent.view.unmount();
    renderCard({ 'GET /settings/analysis': httpError(500, 'The settings store is locked.') });
    expect((await screen.findByRole('alert')).textContent).toContain('The analysis settings could not be loaded: The settings store is locked.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
