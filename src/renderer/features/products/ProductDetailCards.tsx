import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { ProductInfluencerSchema, ProductVideoSchema } from '../../../shared/http/products.schemas';
import { countLabel, formatCount } from '../../../shared/rules/formatting';
import type { ShowMore } from './useShowMore';
import { useShowMore } from './useShowMore';

type ProductVideo = z.infer<typeof ProductVideoSchema>;
type ProductInfluencer = z.infer<typeof ProductInfluencerSchema>;
type PageFetcher<T> = (page: number, perPage: number) => Promise<{ items: T[]; count: number }>;

const NO_PAGES = () => Promise.resolve({ items: [], count: 0 });

/** One list of the product detail; with `paged`, a "Show more" button continues it. */
function DetailCard<T>({ title, empty, list, paged, render }: {
  title: string; empty: string; list: ShowMore<T>; paged: boolean; render: (item: T) => ReactNode;
}) {
  return (
    <section className="product-card" aria-label={title}>
      <h2>{title}</h2>
      {list.items.length === 0 ? <p className="product-muted">{empty}</p> : <ul>{list.items.map(render)}</ul>}
      {list.error && <p className="form-alert form-alert--error" role="alert">Could not load more: {list.error}</p>}
      {paged && list.hasMore && (
        <button type="button" className="btn btn--small product-card__more" disabled={list.busy} aria-busy={list.busy} onClick={() => void list.more()}>
          {list.busy ? 'Loading…' : list.count === null ? 'Show more' : `Show more (${list.count - list.items.length} more)`}
        </button>
      )}
    </section>
  );
}

export function VideoCard({ title, videos, onOpen, fetchPage, total }: {
  title: string; videos: readonly ProductVideo[]; onOpen: (id: string) => void; fetchPage?: PageFetcher<ProductVideo>; total?: number;
}) {
  const list = useShowMore(videos, fetchPage ?? NO_PAGES, total ?? null);
  return (
    <DetailCard
      title={title} empty="No videos yet." list={list} paged={fetchPage !== undefined}
      render={(video) => (
        <li key={video._id}>
          <button type="button" className="link-button" onClick={() => onOpen(video._id)}><bdi>{video.title}</bdi></button>
          <span className="product-muted"><bdi>{formatCount(video.views)} views</bdi></span>
        </li>
      )}
    />
  );
}

export function CreatorCard({ title, creators, fetchPage }: { title: string; creators: readonly ProductInfluencer[]; fetchPage?: PageFetcher<ProductInfluencer> }) {
  const list = useShowMore(creators, fetchPage ?? NO_PAGES);
  return (
    <DetailCard
      title={title} empty="No creators yet." list={list} paged={fetchPage !== undefined}
      render={(creator) => (
        <li key={creator._id}>
          <Link to={`/creators/${creator._id}`}><bdi>{creator.name}</bdi></Link>
          <span className="product-muted"><bdi>{formatCount(creator.subscribers)} subscribers · {countLabel(creator.videos, 'video')}</bdi></span>
        </li>
      )}
    />
  );
}
