import { PlaceholderScreen } from '../../ui/page';

/** Widgets: placeholder until its feature lands; the header, purpose and empty state are final. */
export function WidgetsScreen() {
  return (
    <PlaceholderScreen
      title="Widgets"
      description="Embeddable video carousels and playlists for your shop, previewed on desktop and mobile."
      icon="widgets"
      sections={['Widget builder', 'Playlists']}
      emptyTitle="No widgets yet"
      emptyText="Build a carousel from at least five analysed videos and embed it on your shop."
    />
  );
}
