import { useParams } from 'react-router-dom';
import { PlaceholderScreen } from '../../ui/page';

/** Report detail: placeholder until its feature lands. */
export function ReportScreen() {
  const { id = '' } = useParams();
  return (
    <PlaceholderScreen
      title="Report"
      description="Overview and detail tabs for one report."
      icon="reports"
      sections={[]}
      emptyTitle="This report is on its way"
      emptyText={`Report ${id} will open on its overview tab.`}
    />
  );
}
