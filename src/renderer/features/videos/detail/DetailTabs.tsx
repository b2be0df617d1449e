import { useId } from 'react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isLinkWithoutFile } from '../../../../shared/analysisProgress';
import { Tabs } from '../../../ui/tabs';
import type { TabItem } from '../../../ui/tabs';
import { AssociationsTab } from './tabs/AssociationsTab';
import { BrandSafetyTab } from './tabs/BrandSafetyTab';
import { DemographicsTab } from './tabs/DemographicsTab';
import { NotesTab } from './tabs/NotesTab';
import { PeopleTab } from './tabs/PeopleTab';
import { ProductsTab } from './tabs/ProductsTab';
import { SentimentTab } from './tabs/SentimentTab';
import type { DetailTabProps } from './tabs/tabProps';
import { TranscriptTab } from './tabs/TranscriptTab';

const TABS = [
  { value: 'people', label: 'People in video', Panel: PeopleTab },
  { value: 'transcript', label: 'Transcript', Panel: TranscriptTab },
  { value: 'brand-safety', label: 'Brand safety', Panel: BrandSafetyTab },
  { value: 'sentiment', label: 'Sentiment', Panel: SentimentTab },
  { value: 'demographics', label: 'Demographics', Panel: DemographicsTab },
  { value: 'notes', label: 'Notes', Panel: NotesTab },
  { value: 'associations', label: 'Associations', Panel: AssociationsTab },
  { value: 'products', label: 'Products', Panel: ProductsTab },
] as const satisfies readonly (TabItem<string> & { Panel: ComponentType<DetailTabProps> })[];

export type DetailTab = (typeof TABS)[number]['value'];
const DEFAULT_TAB: DetailTab = 'transcript';
const isTab = (value: string | null): value is DetailTab => TABS.some((tab) => tab.value === value);

/** The analysis tabs of the detail; the open tab lives in the address (?tab=) so a reload keeps it. */
export function DetailTabs(props: DetailTabProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: DetailTab = isTab(requested) ? requested : DEFAULT_TAB;
  const panelId = useId();
  const tab = TABS.find((entry) => entry.value === current) ?? TABS[1];
  const Panel = tab.Panel;

  const select = (value: DetailTab) => {
    const next = new URLSearchParams(params);
    next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <div className="detail-tabs">
      <Tabs label="Video analysis" items={TABS} value={current} onChange={select} panelId={panelId} />
      <div id={panelId} role="tabpanel" aria-label={tab.label} className="detail-tabs__panel" tabIndex={0}>
        {props.video.analysis_stage !== 'completed' && !isLinkWithoutFile(props.video) && (
          <p className="form-alert form-alert--info" role="status">
            This video is still being analysed. Its transcript, sentiment, audience and brand safety appear here when the
            analysis finishes (about 10 minutes after it was added); this page updates by itself.
          </p>
        )}
        <Panel {...props} />
      </div>
    </div>
  );
}
