import { valueLabel } from '../../../../../shared/labels';
import { useCallback } from 'react';
import { useStore } from 'jotai';
import { AGE_RANGES, ETHNICITIES, GENDERS } from '../../../../../shared/constants';
import { useServices } from '../../../../app/useServices';
import { toFailure } from '../../../../lib/httpFailure';
import { RemoteView } from '../../../../ui/remote';
import { ShareBars } from '../ShareBars';
import { useRemoteSlice } from '../../../../lib/useRemoteSlice';
import type { LabelDraft, VideoDemographics } from '../videoDetail.api';
import { addDemographicsLabel, deleteDemographicsLabel, fetchDemographics, updateDemographicsLabel } from '../videoDetail.api';
import { DemographicsLabels } from './DemographicsLabels';
import { NotAnalysedNote } from '../NotAnalysedNote';
import type { DetailTabProps } from './tabProps';

const entries = (shares: Record<string, number>, order: readonly string[], pretty = false) =>
  order.map((key) => ({ label: pretty ? valueLabel(key) : key, share: shares[key] ?? 0 }));

/** Audience shares by age, ethnicity and gender, and the brand's labels on them. */
export function DemographicsTab({ video, who, slices }: DetailTabProps) {
  const { api } = useServices();
  const request = useCallback(() => fetchDemographics(api.main, who, video._id), [api, who, video._id]);
  const { state, reload } = useRemoteSlice(slices.demographics, request);
  const store = useStore();

  /** Runs a label call; on success stores the new label list, on failure throws a message that says what failed. */
  const change = async (what: string, call: () => Promise<(body: VideoDemographics) => VideoDemographics>) => {
    try {
      const apply = await call();
      // Read the slice now, not at render: another label change may have landed meanwhile.
      const current = store.get(slices.demographics.state);
      if (current.phase === 'success') store.set(slices.demographics.succeed, apply(current.body), current.status);
    } catch (error) {
      throw new Error(`${what}: ${toFailure(error).error}`, { cause: error });
    }
  };
  const add = (draft: LabelDraft) =>
    change('The label could not be added', async () => {
      const label = await addDemographicsLabel(api.main, who, video._id, draft);
      return (body) => ({ ...body, labels: [...body.labels, label] });
    });
  const edit = (id: string, draft: LabelDraft) =>
    change('The label could not be saved', async () => {
      const label = await updateDemographicsLabel(api.main, who, video._id, id, draft);
      return (body) => ({ ...body, labels: body.labels.map((entry) => (entry._id === id ? label : entry)) });
    });
  const remove = (id: string) =>
    change('The label could not be deleted', async () => {
      await deleteDemographicsLabel(api.main, who, video._id, id);
      return (body) => ({ ...body, labels: body.labels.filter((entry) => entry._id !== id) });
    });

  return (
    <RemoteView state={state} what="the demographics" onRetry={() => void reload()}>
      {(body) => (
        <div className="detail-stack">
          {body.demographics === null ? (
            <NotAnalysedNote part="Audience" reason={body.not_analysed ?? video.not_analysed.demographics ?? ''} />
          ) : (
            <div className="detail-charts">
              <ShareBars title="Age" entries={entries(body.demographics.age_range, AGE_RANGES)} />
              <ShareBars title="Ethnicity" entries={entries(body.demographics.ethnicity, ETHNICITIES, true)} />
              <ShareBars title="Gender" entries={entries(body.demographics.gender, GENDERS, true)} />
            </div>
          )}
          <DemographicsLabels labels={body.labels} onAdd={add} onEdit={edit} onDelete={remove} />
        </div>
      )}
    </RemoteView>
  );
}
