import { useParams } from 'react-router-dom';
import { PlaceholderScreen } from '../../ui/page';

/** Product detail: placeholder until its feature lands. */
export function ProductDetailScreen() {
  const { id = '' } = useParams();
  return (
    <PlaceholderScreen
      title="Product"
      description="Trending and recent videos and the influencers behind them for one product."
      icon="product"
      sections={[]}
      emptyTitle="Product details are on their way"
      emptyText={`The detail view for product ${id} will show its trending videos and influencers.`}
    />
  );
}
