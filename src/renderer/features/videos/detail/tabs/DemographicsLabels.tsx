import { useState } from 'react';
import type { DemographicsLabel } from '../../../../../shared/http/videos.schemas';
import { ConfirmDialog } from '../../../../ui/dialog';
import type { LabelDraft } from '../videoDetail.api';
import { LabelForm } from './LabelForm';

interface DemographicsLabelsProps {
  labels: readonly DemographicsLabel[];
  onAdd: (draft: LabelDraft) => Promise<void>;
  onEdit: (id: string, draft: LabelDraft) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}

function describe(label: DemographicsLabel): string {
  return [label.age_range, label.ethnicity, label.gender].filter(Boolean).join(' · ') || 'Whole audience';
}

/** The brand's labels on this video's audience: add, edit and delete (/demographics_labels). */
export function DemographicsLabels({ labels, onAdd, onEdit, onDelete }: DemographicsLabelsProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DemographicsLabel | null>(null);
  return (
    <section className="detail-stack" aria-label="Audience labels">
      <h3 className="detail-subtitle">Audience labels</h3>
      {labels.length === 0 && <p className="detail-muted">No labels yet. Add one to name a part of this audience.</p>}
      <ul className="detail-list">
        {labels.map((label) =>
          editing === label._id ? (
            <li key={label._id} className="detail-list__item detail-list__item--form">
              <LabelForm initial={{ label: label.label, age_range: label.age_range, ethnicity: label.ethnicity, gender: label.gender }} submitLabel="Save label" onSubmit={async (draft) => {
                await onEdit(label._id, draft);
                setEditing(null);
              }} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <li key={label._id} className="detail-list__item" data-testid="demographics-label">
              <span className="detail-list__main">
                <strong>{label.label}</strong>
                <span className="detail-muted">{describe(label)}</span>
              </span>
              <button type="button" className="btn btn--small btn--ghost" onClick={() => setEditing(label._id)} aria-label={`Edit label ${label.label}`}>
                Edit
              </button>
              <button type="button" className="btn btn--small btn--ghost" onClick={() => setDeleting(label)} aria-label={`Delete label ${label.label}`}>
                Delete
              </button>
            </li>
          ),
        )}
      </ul>
      <LabelForm submitLabel="Add label" onSubmit={onAdd} />
      {deleting && (
        <ConfirmDialog
          title="Delete label"
          question={`Delete the label “${deleting.label}”?`}
          onConfirm={() => onDelete(deleting._id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
