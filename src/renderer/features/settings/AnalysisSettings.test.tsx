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
    // How many run at once is the back end's setting: shown, not chosen here.
    expect(screen.getByTestId('workers').textContent).toContain('Videos analysed at once on this back end: 2');
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('shows each model as the back end lists it: Downloaded, partly downloaded', async () => {
    renderCard({ 'GET /settings/analysis': { ...SETTINGS, model_state: 'ready', models: [{ size: 'base', bytes: SPEECH_MODEL_BYTES.base, state: 'ready' }, { size: 'small', bytes: SPEECH_MODEL_BYTES.small, state: 'partial' }] } });
    expect((await screen.findByTestId('model-state-base')).textContent).toBe('Downloaded');
    expect(screen.getByTestId('model-state-small').textContent).toBe('Partly downloaded: the rest downloads on first use (466 MB)');
  });

  it('saves the choice: the configured service and the small model, and says what transcribes now', async () => {
    const configured = { ...SETTINGS, service: { configured: true, url_host: 'api.groq.com' } };
    const { calls } = renderCard({
      'GET /settings/analysis': configured,
      'PUT /settings/analysis': ({ data }: { data?: unknown }) => ({ ...configured, ...(data as object) }),
    });
    const service = (await screen.findByRole('radio', { name: 'Transcription service (api.groq.com)' })) as HTMLInputElement;
    expect(service.disabled).toBe(false);
    fireEvent.click(service);
    fireEvent.click(screen.getByRole('radio', { name: /^Small/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved. Speech is sent to the transcription service at api.groq.com.');
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/settings/analysis', data: { speech_engine: 'service', speech_model: 'small' } });
  });

  it('shows a refused save, and a member reads the choice without changing it', async () => {
    renderCard({ 'GET /settings/analysis': SETTINGS, 'PUT /settings/analysis': httpError(403, 'Only a brand manager can do this.') });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The analysis settings could not be saved: Only a brand manager can do this.'));
  });

  it('a member sees the brand\'s choice with the controls off', async () => {
    renderCard({ 'GET /settings/analysis': { ...SETTINGS, can_edit: false } });
    expect(await screen.findByText("Only the brand's managers can change how its videos are transcribed.")).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^On this computer/ }).matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
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
